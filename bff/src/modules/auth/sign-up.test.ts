import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, confirmationLink, mailbox, signUpBody, uniqueEmail } from './test-helpers.ts';

describe('sign-up and email confirmation', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('sign-up sends a confirmation link; following it lets the user log in confirmed', async () => {
    const email = uniqueEmail('anna');
    const api = t.client();
    const res = await api.call('signUp', { body: signUpBody(email) });
    assert.equal(res.status, 201);
    assert.deepEqual(res.body, { email });
    assert.equal(api.cookies.has('user_auth_token'), false, 'sign-up starts no session');

    const [mail, ...others] = await mailbox(t, email);
    assert.equal(others.length, 0);
    assert.match(mail!.subject, /Bekräfta din e-postadress/);
    assert.match(mail!.text, /Hej Anna!/);
    assert.match(mail!.html, /<html lang="sv">/);
    const { id, token } = await confirmationLink(t, email);
    assert.ok(mail!.links[0]!.startsWith(`${t.config.publicUrl}/confirm/${id}/${token}`));

    const confirmed = await api.call('confirmEmail', { body: { id, token } });
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.body.email, email);

    const login = await api.call('login', { body: { email, password: PASSWORD } });
    assert.equal(login.status, 200);
    assert.equal(login.body.user.email, email);
    assert.equal(login.body.user.displayName, 'Anna Andersson');
    assert.equal(login.body.isImpersonating, false);
    assert.ok(login.body.user.emailConfirmedAt);

    const session = await api.call('getSession');
    assert.equal(session.status, 200);
    assert.equal(session.body.user.id, login.body.user.id);
    assert.equal(session.body.user.preferredLocale, 'sv');
    assert.equal(session.body.user.hasGovernmentId, false);
    assert.equal(session.body.admin, undefined);
  });
});

describe('sign-up rules', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  const fieldsOf = (body: { errors: { field: string; code: string }[] }) =>
    Object.fromEntries(body.errors.map((e) => [e.field, e.code]));

  test('passwords must match and terms must be accepted, with the spec messages', async () => {
    const res = await t.client().call('signUp', {
      body: signUpBody(uniqueEmail(), { passwordConfirmation: 'something else', acceptTerms: false }),
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'validation');
    assert.deepEqual(fieldsOf(res.body), {
      'body.passwordConfirmation': 'passwords_must_match',
      'body.acceptTerms': 'must_accept_terms',
    });
    const messages = res.body.errors.map((e: { message: string }) => e.message);
    assert.ok(messages.includes('Passwords must match'));
    assert.ok(messages.includes('You must accept terms & conditions'));
  });

  test('a password needs at least 8 characters', async () => {
    const res = await t.client().call('signUp', {
      body: signUpBody(uniqueEmail(), { password: 'short12', passwordConfirmation: 'short12' }),
    });
    assert.equal(res.status, 400);
    const error = res.body.errors.find((e: { field: string }) => e.field === 'body.password');
    assert.equal(error.code, 'too_short');
    assert.deepEqual(error.params, { limit: 8 });
    const ok = await t.client().call('signUp', {
      body: signUpBody(uniqueEmail(), { password: 'exactly8', passwordConfirmation: 'exactly8' }),
    });
    assert.equal(ok.status, 201);
  });

  test('email, names and terms are required; the email must look deliverable', async () => {
    const missing = await t.client().call('signUp', { body: { password: PASSWORD, passwordConfirmation: PASSWORD } });
    assert.equal(missing.status, 400);
    assert.deepEqual(Object.keys(fieldsOf(missing.body)).sort(), [
      'body.acceptTerms',
      'body.email',
      'body.firstName',
      'body.lastName',
    ]);
    const bad = await t.client().call('signUp', { body: signUpBody('not-an-email', { firstName: '   ' }) });
    assert.equal(bad.status, 400);
    assert.deepEqual(fieldsOf(bad.body), { 'body.email': 'invalid_format', 'body.firstName': 'required' });
    const extra = await t.client().call('signUp', { body: { ...signUpBody(uniqueEmail()), isAdmin: true } });
    assert.equal(extra.status, 400);
    assert.deepEqual(fieldsOf(extra.body), { 'body.isAdmin': 'unknown_field' });
  });

  test('signing up with a taken address answers the same and tells the owner instead', async () => {
    const email = uniqueEmail('owner');
    const first = await t.client().call('signUp', { body: signUpBody(email) });
    const [confirmation] = await mailbox(t, email);
    const again = await t.client().call('signUp', {
      body: signUpBody(email.toUpperCase().replace('@EXAMPLE.COM', '@example.com'), {
        password: 'attacker-password',
        passwordConfirmation: 'attacker-password',
        preferredLocale: 'en',
      }),
    });
    assert.equal(again.status, first.status);
    assert.deepEqual(Object.keys(again.body), Object.keys(first.body));
    const mails = await mailbox(t, email);
    assert.equal(mails.length, 2);
    assert.equal(mails[1]!.subject, confirmation!.subject);
    // The owner's language (Swedish), not the one the second sign-up asked for.
    assert.match(mails[0]!.subject, /Du har redan ett konto/);
    assert.ok(mails[0]!.links.some((l) => l.endsWith('/forgotten-password')));
    const users = await t.sql(`select count(*)::int as n from app_user where lower(email) = lower($1)`, [email]);
    assert.equal(users.rows[0].n, 1);
    // The attacker's password did not become the account's.
    const login = await t.client().call('login', { body: { email, password: 'attacker-password' } });
    assert.equal(login.status, 401);
  });

  test('the confirmation email is in English when the user chose English', async () => {
    const email = uniqueEmail('en');
    await t.client().call('signUp', { body: signUpBody(email, { preferredLocale: 'en', firstName: 'Emma' }) });
    const [mail] = await mailbox(t, email);
    assert.equal(mail!.subject, 'Confirm your email address at Frilo');
    assert.match(mail!.text, /Hi Emma,/);
    assert.match(mail!.html, /<html lang="en">/);
  });
});

describe('confirmation links', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  async function signedUp() {
    const email = uniqueEmail('link');
    await t.client().call('signUp', { body: signUpBody(email) });
    return { email, ...(await confirmationLink(t, email)) };
  }

  test('a link works once', async () => {
    const { id, token } = await signedUp();
    assert.equal((await t.client().call('confirmEmail', { body: { id, token } })).status, 200);
    const again = await t.client().call('confirmEmail', { body: { id, token } });
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 'token_used');
  });

  test('an expired link is refused and the address stays unconfirmed', async () => {
    const { email, id, token } = await signedUp();
    await t.sql(`update auth_token set expires_at = now() - interval '1 second' where id = $1`, [id]);
    const res = await t.client().call('confirmEmail', { body: { id, token } });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'token_expired');
    const user = await t.sql(`select email_confirmed_at from app_user where email = $1`, [email]);
    assert.equal(user.rows[0].email_confirmed_at, null);
  });

  test('a wrong token, or a token under another id, is invalid', async () => {
    const a = await signedUp();
    const b = await signedUp();
    const swapped = await t.client().call('confirmEmail', { body: { id: a.id, token: b.token } });
    assert.equal(swapped.status, 400);
    assert.equal(swapped.body.code, 'token_invalid');
    const unknown = await t
      .client()
      .call('confirmEmail', { body: { id: '00000000-0000-4000-8000-000000000000', token: a.token } });
    assert.equal(unknown.body.code, 'token_invalid');
    const malformed = await t.client().call('confirmEmail', { body: { id: a.id, token: 'x' } });
    assert.equal(malformed.status, 400);
    assert.equal(malformed.body.code, 'validation');
  });

  test('tokens are stored hashed, never as sent', async () => {
    const { id, token } = await signedUp();
    const row = await t.sql(`select token_hash from auth_token where id = $1`, [id]);
    assert.notEqual(row.rows[0].token_hash, token);
    assert.match(row.rows[0].token_hash, /^[0-9a-f]{64}$/);
  });

  test('an unconfirmed user can log in, sees the state, and can have the link sent again', async () => {
    const { email, id, token } = await signedUp();
    const api = t.client();
    const login = await api.call('login', { body: { email, password: PASSWORD } });
    assert.equal(login.status, 200);
    assert.equal(login.body.user.emailConfirmedAt, null);
    const resend = await api.call('resendConfirmation');
    assert.equal(resend.status, 202);
    const mails = await mailbox(t, email);
    assert.equal(mails.length, 2);
    const fresh = await confirmationLink(t, email);
    assert.notEqual(fresh.token, token);
    // Both links work until one is used; the address is then confirmed.
    assert.equal((await api.call('confirmEmail', { body: fresh })).status, 200);
    assert.equal((await api.call('confirmEmail', { body: { id, token } })).status, 200);
    const session = await api.call('getSession');
    assert.ok(session.body.user.emailConfirmedAt);
    const already = await api.call('resendConfirmation');
    assert.equal(already.status, 409);
    assert.equal(already.body.code, 'already_confirmed');
  });

  test('resending needs a session', async () => {
    const res = await t.client().call('resendConfirmation');
    assert.equal(res.status, 401);
  });
});
