// Changing the salary account (issue 21) on the real app, real PostgreSQL and a real SMTP server on loopback: an admin
// impersonating the freelancer cannot; every registration and change is emailed at once in the freelancer's language
// with links that work; the change is audit-logged with who made it; payouts to a changed account are held for the
// cooling-off period unless confirmed from the email; "it wasn't me" stops them and logs everyone out.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { decodeHeader, mimeParts, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { PASSWORD, signUpBody, uniqueEmail } from '../auth/test-helpers.ts';
import fc from 'fast-check';
import type { EntityManager } from '@mikro-orm/postgresql';
import { payoutHoldAt } from '../../domain/payout-hold.ts';
import { createBankingService, payableAccountSql } from './public.ts';
import { swedishTime } from './emails.ts';
import {
  COMMERZBANK_FORM,
  SWEDBANK_FORM,
  filledInRegistration,
  providerPage,
  registerBankAccount,
} from './test-helpers.ts';

const SWEDBANK = SWEDBANK_FORM;
const COMMERZBANK = COMMERZBANK_FORM;
const HOUR = 3_600_000;

interface Mail {
  subject: string;
  text: string;
  html: string;
  links: string[];
}

describe('salary account changes', () => {
  let t: TestApp;
  let smtp: SmtpInbox;

  before(async () => {
    smtp = await startSmtpInbox();
    t = await createTestApp({ smtpUrl: smtp.url, rateLimits: false });
  });
  after(async () => {
    await t.close();
    await smtp.close();
  });

  /** A confirmed freelancer (confirmed in the database: this app's emails go to the SMTP server), logged in. */
  async function freelancer(locale: 'sv' | 'en', options: { admin?: boolean } = {}): Promise<TestUser> {
    const api = t.client();
    const email = uniqueEmail(options.admin ? 'admin' : 'payee');
    assert.equal((await api.call('signUp', { body: signUpBody(email, { preferredLocale: locale }) })).status, 201);
    await t.sql(`update app_user set email_confirmed_at = now(), is_admin = $2 where email = $1`, [
      email,
      options.admin === true,
    ]);
    return { api, email, userId: await logIn(api, email) };
  }

  async function logIn(api: ApiClient, email: string): Promise<string> {
    const login = await api.call('login', { body: { email, password: PASSWORD } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    return login.body.user.id as string;
  }

  const page = (api: ApiClient, path: string, form?: Record<string, string>) => providerPage(t, api, path, form);
  const filledIn = (user: TestUser, form: Record<string, string>) => filledInRegistration(t, user.api, form);
  const register = (user: TestUser, form: Record<string, string>) => registerBankAccount(t, user.api, form);

  /** The banking module's messages the SMTP server accepted for `address` (in no particular order), once queued jobs have run. */
  async function mails(address: string): Promise<Mail[]> {
    await t.drainJobs();
    const all = smtp.to(address).map((mail) => {
      const { headers, parts } = mimeParts(mail.raw);
      const html = parts.find((p) => p.type === 'text/html')?.body.toString('utf8') ?? '';
      return {
        subject: decodeHeader(headers.subject ?? ''),
        text: parts.find((p) => p.type === 'text/plain')?.body.toString('utf8') ?? '',
        html,
        links: [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&')),
      };
    });
    return all.filter((mail) => mail.links.some((link) => link.includes('/bank-account-change/')));
  }

  /** The one banking message to `address` whose text has `words`. */
  async function mailWith(address: string, words: string): Promise<Mail> {
    const found = (await mails(address)).filter((mail) => mail.text.includes(words));
    assert.equal(found.length, 1, `one message with "${words}" to ${address}`);
    return found[0]!;
  }

  const SV_CHANGE = 'från Swedbank •••• 7897 till DE89 •••• 3000';
  const SV_BACK = 'från DE89 •••• 3000 till Swedbank •••• 7897';
  const EN_CHANGE = 'from Swedbank •••• 7897 to DE89 •••• 3000';

  const tokenOf = (mail: Mail | undefined, kind: 'confirm' | 'stop'): string => {
    const link = mail?.links.find((l) => l.includes(`/bank-account-change/${kind}?token=`));
    assert.ok(link, `no ${kind} link in ${JSON.stringify(mail?.links)}`);
    assert.ok(link.startsWith(`${t.config.publicUrl}/bank-account-change/${kind}?token=`), link);
    return new URL(link).searchParams.get('token')!;
  };

  const changes = async (userId: string) =>
    (
      await t.sql(
        `select kind, previous_masked, account_masked, actor_user_id, changed_at, hold_until, confirmed_at, stopped_at
         from bank_account_change where user_id = $1 order by changed_at`,
        [userId],
      )
    ).rows;

  const bankAudit = async (userId: string) =>
    (
      await t.sql(
        `select action, actor_user_id, data from audit_event where subject_user_id = $1 and action like 'bank_details.%'
         order by created_at`,
        [userId],
      )
    ).rows;

  test('an admin impersonating the freelancer can neither start, fill in nor complete a registration: 403, nothing changes', async () => {
    const user = await freelancer('sv');
    await register(user, SWEDBANK);
    // The freelancer's own open registrations: one filled in (its state in their browser), one not yet.
    const filled = await filledIn(user, COMMERZBANK);
    const openPath = (
      (await user.api.call('startBankRegistration', { body: { locale: 'sv' } })).body.redirectUrl as string
    ).split('?')[0]!;
    const before = {
      account: (await t.sql(`select * from bank_account where user_id = $1`, [user.userId])).rows,
      registrations: (
        await t.sql(
          `select id, status, sealed_account, completed_at from bank_registration where user_id = $1 order by id`,
          [user.userId],
        )
      ).rows,
      mails: (await mails(user.email)).length,
    };

    const admin = await freelancer('sv', { admin: true });
    assert.equal((await admin.api.call('startImpersonation', { body: { userId: user.userId } })).status, 200);

    const started = await admin.api.call('startBankRegistration', { body: { locale: 'sv' } });
    assert.equal(started.status, 403);
    assert.match(started.headers.get('content-type') ?? '', /^application\/problem\+json/);
    assert.equal(started.body.code, 'forbidden');
    for (const form of [undefined, SWEDBANK, { action: 'cancel' }]) {
      const answer = await page(admin.api, openPath, form);
      assert.equal(answer.status, 403, `the provider's page to an impersonating admin (${JSON.stringify(form)})`);
      assert.match(answer.html, /Bara kontots ägare kan ändra lönekontot/);
      assert.doesNotMatch(answer.html, /<form/);
    }
    const completed = await admin.api.call('completeBankRegistration', { body: { state: filled.state } });
    assert.equal(completed.status, 403);
    assert.equal(completed.body.code, 'forbidden');
    // Still allowed: seeing the account (masked), as the freelancer would.
    assert.equal((await admin.api.call('getBankDetails')).body.account.masked, 'Swedbank •••• 7897');

    assert.deepEqual(
      (await t.sql(`select * from bank_account where user_id = $1`, [user.userId])).rows,
      before.account,
    );
    assert.deepEqual(
      (
        await t.sql(
          `select id, status, sealed_account, completed_at from bank_registration where user_id = $1 order by id`,
          [user.userId],
        )
      ).rows,
      before.registrations,
    );
    assert.deepEqual(
      (await bankAudit(user.userId)).map((r) => r.action),
      ['bank_details.registered'],
    );
    assert.equal((await mails(user.email)).length, before.mails);

    // The freelancer, logged in as themselves, completes what they filled in.
    const own = await user.api.call('completeBankRegistration', { body: { state: filled.state } });
    assert.equal(own.body.bankDetails.account.masked, 'DE89 •••• 3000');
  });

  test('Swedish: the first account is emailed with a stop link and held for nothing; a change is emailed at once, audit-logged and held 24 hours', async () => {
    const user = await freelancer('sv');
    const first = await register(user, SWEDBANK);
    assert.equal(first.bankDetails.hold, null, 'a first registration holds nothing');
    const [registered, ...others] = await mails(user.email);
    assert.equal(others.length, 0);
    assert.equal(registered?.subject, 'Ett lönekonto har registrerats hos Frilo');
    const [firstChange] = await changes(user.userId);
    assert.ok(
      registered.text.includes(
        `Den ${swedishTime(firstChange.changed_at, 'sv')} (svensk tid) registrerades Swedbank •••• 7897 som kontot`,
      ),
      registered.text,
    );
    tokenOf(registered, 'stop');
    assert.ok(!registered.links.some((l) => l.includes('/confirm?')), 'nothing to confirm');

    const changed = await register(user, COMMERZBANK);
    const [, change] = await changes(user.userId);
    assert.equal(change.kind, 'changed');
    assert.equal(change.actor_user_id, user.userId);
    assert.equal(new Date(change.hold_until).getTime() - new Date(change.changed_at).getTime(), 24 * HOUR);
    const hold = {
      state: 'cooling_off',
      account: 'DE89 •••• 3000',
      previousAccount: 'Swedbank •••• 7897',
      changedAt: new Date(change.changed_at).toISOString(),
      until: new Date(change.hold_until).toISOString(),
    };
    assert.deepEqual(changed.bankDetails.hold, hold);
    assert.deepEqual((await user.api.call('getBankDetails')).body.hold, hold);
    assert.deepEqual((await user.api.call('getPayoutSummary')).body.payoutHold, hold);

    const mail = await mailWith(user.email, SV_CHANGE);
    assert.equal(mail.subject, 'Ditt lönekonto hos Frilo har ändrats');
    for (const expected of [
      `Den ${swedishTime(change.changed_at, 'sv')} (svensk tid) ändrades kontot vi betalar ut din lön till, från Swedbank •••• 7897 till DE89 •••• 3000.`,
      `väntar vi med utbetalningar till det nya kontot till ${swedishTime(change.hold_until, 'sv')}.`,
      'Var det du? Bekräfta ändringen, så släpps utbetalningarna direkt.',
      'Var det inte du? Stoppa utbetalningarna till det nya kontot',
    ]) {
      assert.ok(mail.text.includes(expected), `"${expected}" in ${mail.text}`);
    }
    assert.match(mail.html, /<html lang="sv">/);

    assert.deepEqual(
      (await bankAudit(user.userId)).map((r) => [
        r.action,
        r.actor_user_id,
        r.data.previous,
        r.data.current,
        r.data.holdUntil,
      ]),
      [
        ['bank_details.registered', user.userId, null, 'Swedbank •••• 7897', null],
        ['bank_details.changed', user.userId, 'Swedbank •••• 7897', 'DE89 •••• 3000', hold.until],
      ],
    );

    // "Yes, it was me": released at once, without a session; once.
    const confirmToken = tokenOf(mail, 'confirm');
    const confirmed = await t.client().call('confirmBankAccountChange', { body: { token: confirmToken } });
    assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
    assert.deepEqual(confirmed.body, { outcome: 'confirmed', account: 'DE89 •••• 3000', changedAt: hold.changedAt });
    assert.equal((await user.api.call('getBankDetails')).body.hold, null);
    assert.equal((await user.api.call('getPayoutSummary')).body.payoutHold, null);
    const again = await t.client().call('confirmBankAccountChange', { body: { token: confirmToken } });
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 'token_used');
    assert.deepEqual((await bankAudit(user.userId)).map((r) => [r.action, r.actor_user_id]).at(-1), [
      'bank_details.change_confirmed',
      user.userId,
    ]);
  });

  test('English: "it wasn\u2019t me" stops payouts to the new account, logs everyone out, and holds until an account is registered again', async () => {
    const user = await freelancer('en');
    await register(user, SWEDBANK);
    await register(user, COMMERZBANK);
    const other = t.client();
    await logIn(other, user.email);
    const mail = await mailWith(user.email, EN_CHANGE);
    assert.equal(mail.subject, 'Your salary account at Frilo was changed');
    assert.match(mail.html, /<html lang="en">/);
    const [, change] = await changes(user.userId);
    for (const expected of [
      `On ${swedishTime(change.changed_at, 'en')} (Swedish time), the account we pay your salary to was changed from Swedbank •••• 7897 to DE89 •••• 3000.`,
      `we hold payouts to the new account until ${swedishTime(change.hold_until, 'en')}.`,
      "It wasn't me: stop the payouts",
    ]) {
      assert.ok(mail.text.includes(expected), `"${expected}" in ${mail.text}`);
    }
    // A registration the stranger left open ends with the stop too.
    const leftOpen = await filledIn(user, SWEDBANK);

    const stopped = await t.client().call('stopBankAccountChange', { body: { token: tokenOf(mail, 'stop') } });
    assert.equal(stopped.status, 200, JSON.stringify(stopped.body));
    assert.deepEqual(stopped.body, {
      outcome: 'stopped',
      account: 'DE89 •••• 3000',
      changedAt: new Date(change.changed_at).toISOString(),
      email: user.email,
    });
    for (const api of [user.api, other]) assert.equal((await api.call('getBankDetails')).status, 401);

    const fresh = t.client();
    await logIn(fresh, user.email);
    const details = (await fresh.call('getBankDetails')).body;
    assert.equal(details.account.masked, 'DE89 •••• 3000');
    assert.deepEqual(details.hold, {
      state: 'stopped',
      account: 'DE89 •••• 3000',
      previousAccount: 'Swedbank •••• 7897',
      changedAt: new Date(change.changed_at).toISOString(),
      until: null,
    });
    const payout = await fresh.call('requestPayout', { headers: { 'Idempotency-Key': crypto.randomUUID() } });
    assert.equal(payout.status, 409);
    assert.equal(payout.body.code, 'payout_account_stopped');
    const late = await fresh.call('completeBankRegistration', { body: { state: leftOpen.state } });
    assert.equal(late.body.outcome, 'failure');
    assert.equal(late.body.bankDetails.account.masked, 'DE89 •••• 3000');

    const confirm = await t.client().call('confirmBankAccountChange', { body: { token: tokenOf(mail, 'confirm') } });
    assert.equal(confirm.status, 409);
    assert.equal(confirm.body.code, 'bank_account_change_stopped');
    const stopAgain = await t.client().call('stopBankAccountChange', { body: { token: tokenOf(mail, 'stop') } });
    assert.equal(stopAgain.body.code, 'token_used');
    assert.deepEqual((await bankAudit(user.userId)).map((r) => [r.action, r.actor_user_id]).at(-1), [
      'bank_details.change_stopped',
      user.userId,
    ]);

    // The freelancer registers their own account again: a change like any other, emailed and held.
    const own = await register({ ...user, api: fresh }, SWEDBANK);
    assert.equal(own.bankDetails.hold.state, 'cooling_off');
    assert.equal(own.bankDetails.hold.previousAccount, 'DE89 •••• 3000');
    assert.equal((await mails(user.email)).length, 3);
  });

  test('a stop link of an account since replaced stops the one that replaced it', async () => {
    const user = await freelancer('sv');
    await register(user, SWEDBANK);
    await register(user, COMMERZBANK);
    await register(user, SWEDBANK);
    const firstChange = await mailWith(user.email, SV_CHANGE);
    const stopped = await t.client().call('stopBankAccountChange', { body: { token: tokenOf(firstChange, 'stop') } });
    assert.equal(stopped.status, 200);
    assert.equal(stopped.body.account, 'Swedbank •••• 7897');
    assert.deepEqual(
      (await changes(user.userId)).map((c) => [c.kind, c.account_masked, c.stopped_at !== null]),
      [
        ['registered', 'Swedbank •••• 7897', false],
        ['changed', 'DE89 •••• 3000', true],
        ['changed', 'Swedbank •••• 7897', true],
      ],
    );
    // The older change's confirm link confirms nothing any more.
    const confirm = await t
      .client()
      .call('confirmBankAccountChange', { body: { token: tokenOf(firstChange, 'confirm') } });
    assert.equal(confirm.body.code, 'bank_account_change_stopped');
    const latest = await mailWith(user.email, SV_BACK);
    const superseded = await t
      .client()
      .call('confirmBankAccountChange', { body: { token: tokenOf(latest, 'confirm') } });
    assert.equal(superseded.body.code, 'bank_account_change_stopped');
  });

  test('links: a made-up token is not valid, an expired one says so, and two confirmations at once confirm once', async () => {
    const forged = await t.client().call('confirmBankAccountChange', { body: { token: 'x'.repeat(43) } });
    assert.equal(forged.status, 400);
    assert.equal(forged.body.code, 'token_invalid');
    assert.equal(
      (await t.client().call('stopBankAccountChange', { body: { token: 'y'.repeat(43) } })).body.code,
      'token_invalid',
    );

    const user = await freelancer('sv');
    await register(user, SWEDBANK);
    await register(user, COMMERZBANK);
    const token = tokenOf(await mailWith(user.email, SV_CHANGE), 'confirm');
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.client().call('confirmBankAccountChange', { body: { token } })),
    );
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 400, 400, 400, 400, 400]);
    assert.equal((await bankAudit(user.userId)).filter((r) => r.action === 'bank_details.change_confirmed').length, 1);

    const later = await freelancer('sv');
    await register(later, SWEDBANK);
    await register(later, COMMERZBANK);
    await t.sql(
      `update bank_account_change set changed_at = changed_at - interval '25 hours', hold_until = hold_until - interval '25 hours'
       where user_id = $1`,
      [later.userId],
    );
    const expired = await t.client().call('confirmBankAccountChange', {
      body: { token: tokenOf(await mailWith(later.email, SV_CHANGE), 'confirm') },
    });
    assert.equal(expired.body.code, 'token_expired', 'the period is over: nothing is held any more');
    assert.equal((await later.api.call('getBankDetails')).body.hold, null);
  });

  test('the period is the back office’s dated setting (24 hours), and the back office lists who is held', async () => {
    const admin = await freelancer('sv', { admin: true });
    const settings = await admin.api.call('listDatedSettings');
    const setting = settings.body.settings.find((s: { key: string }) => s.key === 'bank_account_change_hold');
    assert.deepEqual(
      { unit: setting.unit, current: setting.entries.find((e: { current: boolean }) => e.current).value },
      { unit: 'hours', current: 24 },
    );

    const user = await freelancer('sv');
    await register(user, SWEDBANK);
    await register(user, COMMERZBANK);
    const held = await admin.api.call('listPayoutHolds');
    assert.equal(held.status, 200);
    const row = held.body.items.find((i: { userId: string }) => i.userId === user.userId);
    assert.deepEqual(
      { email: row.email, state: row.hold.state, account: row.hold.account, waiting: row.waitingAmount },
      { email: user.email, state: 'cooling_off', account: 'DE89 •••• 3000', waiting: 0 },
    );
    assert.equal((await user.api.call('listPayoutHolds')).status, 403);
  });

  test('the batch’s SQL and the domain rule agree on every state of a change at every moment', async () => {
    const user = await freelancer('sv');
    await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, user.userId, {
      kind: 'domestic',
      clearingNumber: '83279',
      accountNumber: '1234567897',
      bankName: 'Swedbank',
    });
    const payable = async (at: Date) =>
      (
        await t.sql(`select ${payableAccountSql('$1::uuid').replace('?', '$2')} as "payable"`, [
          user.userId,
          at.toISOString(),
        ])
      ).rows[0].payable as boolean;
    // An account without a change row (demo data, accounts from before changes were recorded) is paid.
    assert.equal(await payable(new Date()), true);
    await t.sql(
      `insert into bank_account_change (user_id, registration_id, kind, previous_masked, account_masked, changed_at,
         hold_until, confirm_token_hash, stop_token_hash, stop_link_expires_at)
       select user_id, registration_id, 'changed', 'Nordea •••• 0016', masked, now(), now(), $2, $3, now()
       from bank_account where user_id = $1`,
      [user.userId, 'c'.repeat(64), 's'.repeat(64)],
    );
    const base = Date.parse('2026-11-27T12:00:00Z');
    const moment = fc.integer({ min: -3 * 86_400, max: 3 * 86_400 }).map((s) => new Date(base + s * 1000));
    await fc.assert(
      fc.asyncProperty(
        moment,
        fc.option(moment),
        fc.option(moment),
        moment,
        async (holdUntil, confirmedAt, stoppedAt, at) => {
          await t.sql(
            `update bank_account_change set hold_until = $2, confirmed_at = $3, stopped_at = $4 where user_id = $1`,
            [user.userId, holdUntil, confirmedAt, stoppedAt],
          );
          const rule = payoutHoldAt({ holdUntil, confirmedAt, stoppedAt }, at) === null;
          assert.equal(await payable(at), rule);
        },
      ),
      { numRuns: 150 },
    );
  });
});
