// Bank registration end to end on real PostgreSQL: the app opens a registration, the browser fills in the built-in
// provider's page, comes back with the signed state, and the app completes it once.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser, type TestUser } from '../../../test/fixtures.ts';
import { seedAccounts } from '../auth/test-helpers.ts';
import { Signer } from '../../platform/crypto/signing.ts';
import { createBankingService, seedDemoBankAccount } from './public.ts';
import { signReturnState } from './return-state.ts';

interface PageAnswer {
  status: number;
  html: string;
  location: string | null;
  headers: Headers;
}

/** The browser on the provider's page: the user's cookies, same-origin form posts. */
async function page(
  t: TestApp,
  api: ApiClient,
  path: string,
  form?: Record<string, string>,
  headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' },
): Promise<PageAnswer> {
  const response = await fetch(t.url + path, {
    method: form ? 'POST' : 'GET',
    redirect: 'manual',
    headers: {
      cookie: [...api.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded', ...headers } : {}),
    },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  return {
    status: response.status,
    html: await response.text(),
    location: response.headers.get('location'),
    headers: response.headers,
  };
}

const stateOf = (location: string | null): string => {
  assert.ok(location?.startsWith('/dashboard/pinebucket-confirmation?state='), `returned to ${location}`);
  return new URL(location ?? '', 'http://x').searchParams.get('state')!;
};

const swedbank = { kind: 'domestic', clearingNumber: '8327-9', accountNumber: '123 456 789-7', action: 'save' };

async function start(user: TestUser, locale: 'sv' | 'en' = 'sv'): Promise<string> {
  const started = await user.api.call('startBankRegistration', { body: { locale } });
  assert.equal(started.status, 201);
  return started.body.redirectUrl as string;
}

/** Registers `form` for `user` through the whole flow; returns the completion answer. */
async function register(t: TestApp, user: TestUser, form: Record<string, string>, locale: 'sv' | 'en' = 'sv') {
  const url = await start(user, locale);
  const saved = await page(t, user.api, url.split('?')[0]!, form);
  assert.equal(saved.status, 303, saved.html);
  return user.api.call('completeBankRegistration', { body: { state: stateOf(saved.location) } });
}

describe('bank registration', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('a new user has no bank details', async () => {
    const user = await signUpConfirmedUser(t);
    const details = await user.api.call('getBankDetails');
    assert.deepEqual(details.body, { registered: false, account: null, hold: null });
  });

  test('the provider page: Swedish by default, English on request, no scripts, a strict CSP, never cached', async () => {
    const user = await signUpConfirmedUser(t);
    const url = await start(user);
    assert.match(url, /^\/bank-registration\/[0-9a-f-]{36}\?hl=sv$/);
    const sv = await page(t, user.api, url);
    assert.equal(sv.status, 200);
    assert.match(sv.html, /<html lang="sv">/);
    assert.match(sv.html, /<h1>Registrera bankkonto<\/h1>/);
    assert.match(sv.html, /<label class="field" for="clearingNumber">Clearingnummer<\/label>/);
    assert.ok(!/<script|\sstyle=|\son[a-z]+=/i.test(sv.html), 'no scripts, inline styles or handlers');
    assert.equal(
      sv.headers.get('content-security-policy'),
      "default-src 'none'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    );
    assert.equal(sv.headers.get('cache-control'), 'no-store');
    const en = await page(t, user.api, url.replace('hl=sv', 'hl=en'));
    assert.match(en.html, /<html lang="en">/);
    assert.match(en.html, /<h1>Register your bank account<\/h1>/);
    const css = await fetch(`${t.url}/bank-registration/page.css`);
    assert.equal(css.status, 200);
    assert.match(css.headers.get('content-type') ?? '', /text\/css/);
  });

  test('a Swedish account: a wrong number is shown on its field and nothing is kept; a right one is registered once, sealed', async () => {
    const user = await signUpConfirmedUser(t);
    const url = (await start(user)).split('?')[0]!;
    const wrong = await page(t, user.api, url, { ...swedbank, accountNumber: '123 456 789-6' });
    assert.equal(wrong.status, 422);
    assert.match(wrong.html, /Kontonumret stämmer inte för den här banken/);
    assert.match(wrong.html, /id="accountNumber"[^>]*aria-invalid="true"/);
    assert.match(wrong.html, /Du har 4 försök kvar\./);
    const pending = await t.sql(
      `select status, failed_attempts, sealed_account from bank_registration where user_id = $1`,
      [user.userId],
    );
    assert.deepEqual(pending.rows, [{ status: 'pending', failed_attempts: 1, sealed_account: null }]);

    const saved = await page(t, user.api, url, swedbank);
    assert.equal(saved.status, 303);
    const state = stateOf(saved.location);
    const completed = await user.api.call('completeBankRegistration', { body: { state } });
    assert.equal(completed.status, 200);
    assert.equal(completed.body.outcome, 'success');
    assert.deepEqual(
      { ...completed.body.bankDetails.account, updatedAt: undefined },
      { kind: 'domestic', bankName: 'Swedbank', masked: 'Swedbank •••• 7897', updatedAt: undefined },
    );
    const details = await user.api.call('getBankDetails');
    assert.equal(details.body.account.masked, 'Swedbank •••• 7897');

    // Encrypted at rest: no column of either table holds the account number.
    const rows = await t.sql(
      `select row_to_json(a)::text as account, (select json_agg(r)::text from bank_registration r where r.user_id = $1) as registrations
         from bank_account a where a.user_id = $1`,
      [user.userId],
    );
    assert.equal(rows.rows.length, 1);
    for (const text of [rows.rows[0].account, rows.rows[0].registrations] as string[]) {
      assert.ok(!/1234567897|123456789/.test(text), text);
    }
    assert.match(rows.rows[0].account as string, /"sealed_account":"v1\./);

    const again = await user.api.call('completeBankRegistration', { body: { state } });
    assert.equal(again.status, 409);
    assert.equal(again.body.code, 'bank_registration_used');
    const audit = await t.sql(
      `select action, data from audit_event where subject_user_id = $1 and action like 'bank_details.%'`,
      [user.userId],
    );
    assert.deepEqual(
      audit.rows.map((r) => [r.action, r.data.previous, r.data.current]),
      [['bank_details.registered', null, 'Swedbank •••• 7897']],
    );
  });

  test('changing the account goes through the same flow and is audit-logged with the old and new account', async () => {
    const user = await signUpConfirmedUser(t);
    assert.equal((await register(t, user, swedbank)).body.outcome, 'success');
    const changed = await register(
      t,
      user,
      { kind: 'iban', iban: 'DE89 3704 0044 0532 0130 00', bic: 'COBADEFFXXX', action: 'save' },
      'en',
    );
    assert.equal(changed.body.outcome, 'success');
    assert.equal(changed.body.bankDetails.account.masked, 'DE89 •••• 3000');
    assert.equal(changed.body.bankDetails.account.bankName, null);
    const audit = await t.sql(
      `select action, data from audit_event where subject_user_id = $1 and action like 'bank_details.%' order by created_at`,
      [user.userId],
    );
    assert.deepEqual(
      audit.rows.map((r) => [r.action, r.data.previous, r.data.current]),
      [
        ['bank_details.registered', null, 'Swedbank •••• 7897'],
        ['bank_details.changed', 'Swedbank •••• 7897', 'DE89 •••• 3000'],
      ],
    );
  });

  test('cancel and failure come back to the app, change nothing, and say so', async () => {
    const user = await signUpConfirmedUser(t);
    assert.equal((await register(t, user, swedbank)).body.outcome, 'success');

    const cancelled = await register(t, user, { action: 'cancel' });
    assert.equal(cancelled.body.outcome, 'cancel');
    assert.equal(cancelled.body.bankDetails.account.masked, 'Swedbank •••• 7897');

    const url = (await start(user, 'en')).split('?')[0]!;
    let answer: PageAnswer | undefined;
    for (let attempt = 1; attempt <= 5; attempt++) {
      answer = await page(t, user.api, url, { kind: 'iban', iban: 'DE00 0000', bic: 'X', action: 'save' });
      if (attempt < 5) assert.equal(answer.status, 422);
    }
    assert.equal(answer!.status, 303, 'the fifth wrong attempt ends the registration');
    const failed = await user.api.call('completeBankRegistration', { body: { state: stateOf(answer!.location) } });
    assert.equal(failed.body.outcome, 'failure');
    assert.equal(failed.body.bankDetails.account.masked, 'Swedbank •••• 7897');
  });

  test('states: altered is 400, another user’s is 404, expired is 410, unfinished is 409', async () => {
    const owner = await signUpConfirmedUser(t);
    const other = await signUpConfirmedUser(t);
    const url = (await start(owner)).split('?')[0]!;
    const saved = await page(t, owner.api, url, swedbank);
    const state = stateOf(saved.location);

    const altered = `${state.slice(0, -2)}xx`;
    assert.equal(
      (await owner.api.call('completeBankRegistration', { body: { state: altered } })).body.code,
      'bank_registration_state_invalid',
    );
    const foreign = await other.api.call('completeBankRegistration', { body: { state } });
    assert.equal(foreign.status, 404);

    const id = url.split('/').at(-1)!;
    const signer = new Signer(t.config.secret);
    const expired = signReturnState(signer, id, new Date(Date.now() - 1000));
    const late = await owner.api.call('completeBankRegistration', { body: { state: expired } });
    assert.equal(late.status, 410);
    assert.equal(late.body.code, 'bank_registration_expired');

    const openUrl = (await start(owner)).split('?')[0]!;
    const unfinished = signReturnState(signer, openUrl.split('/').at(-1)!, new Date(Date.now() + 60_000));
    const early = await owner.api.call('completeBankRegistration', { body: { state: unfinished } });
    assert.equal(early.status, 409);
    assert.equal(early.body.code, 'bank_registration_unfinished');

    assert.equal((await owner.api.call('completeBankRegistration', { body: { state } })).body.outcome, 'success');
  });

  test('the page acts only for its own logged-in user, only from this site, and only within its 30 minutes', async () => {
    const owner = await signUpConfirmedUser(t);
    const other = await signUpConfirmedUser(t);
    const url = (await start(owner)).split('?')[0]!;

    const anonymous = await page(t, t.client(), url);
    assert.equal(anonymous.status, 401);
    assert.match(anonymous.html, /href="\/login\?redirect=%2Fbank-registration%2F/);
    assert.equal((await page(t, other.api, url)).status, 404);
    assert.equal((await page(t, other.api, url, swedbank)).status, 404);
    const crossSite = await page(t, owner.api, url, swedbank, { 'sec-fetch-site': 'cross-site' });
    assert.equal(crossSite.status, 404);
    const foreignOrigin = await page(t, owner.api, url, swedbank, { origin: 'https://evil.example' });
    assert.equal(foreignOrigin.status, 404);
    const untouched = await t.sql(`select status, sealed_account from bank_registration where user_id = $1`, [
      owner.userId,
    ]);
    assert.deepEqual(untouched.rows, [{ status: 'pending', sealed_account: null }]);

    await t.sql(`update bank_registration set expires_at = now() - interval '1 second' where user_id = $1`, [
      owner.userId,
    ]);
    const expired = await page(t, owner.api, url);
    assert.equal(expired.status, 410);
    assert.match(expired.html, /Registreringen har gått ut/);
    const back = /href="(\/dashboard\/pinebucket-confirmation\?state=[^"]+)"/.exec(expired.html)?.[1];
    const result = await owner.api.call('completeBankRegistration', {
      body: { state: stateOf(back!.replaceAll('&amp;', '&')) },
    });
    assert.equal(result.body.outcome, 'failure');
    assert.equal(result.body.bankDetails.registered, false);
  });

  test('completing the same state from two tabs at once registers once', async () => {
    const user = await signUpConfirmedUser(t);
    const url = (await start(user)).split('?')[0]!;
    const state = stateOf((await page(t, user.api, url, swedbank)).location);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => user.api.call('completeBankRegistration', { body: { state } })),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 409, 409, 409, 409, 409]);
    const audit = await t.sql(
      `select count(*)::int as n from audit_event where subject_user_id = $1 and action like 'bank_details.%'`,
      [user.userId],
    );
    assert.equal(audit.rows[0].n, 1);
  });

  test('the demo freelancer has bank details after seeding', async () => {
    await seedAccounts(t.services);
    await seedDemoBankAccount(t.services);
    await seedDemoBankAccount(t.services);
    const demo = t.client();
    await demo.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    const details = await demo.call('getBankDetails');
    assert.equal(details.body.account.masked, 'Swedbank •••• 7897');
    const user = await t.sql(`select id from app_user where email = 'demo@example.com'`);
    const em = t.services.orm.em.fork();
    assert.deepEqual(await createBankingService(t.services).account(em as never, user.rows[0].id as string), {
      kind: 'domestic',
      clearingNumber: '83279',
      accountNumber: '1234567897',
      bankName: 'Swedbank',
    });
  });
});
