import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, confirmedUser, linkIn, loggedIn, mailbox, signUpBody, uniqueEmail } from './test-helpers.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('forgotten password and reset', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  async function resetToken(email: string): Promise<string> {
    const mails = await mailbox(t, email);
    const link = linkIn(
      mails.find((m) => m.links.some((l) => l.includes('/reset-password/'))),
      /\/reset-password\//,
    );
    return link.split('/reset-password/')[1]!;
  }

  test('an unknown address gets the same 202 and no email goes out', async () => {
    const email = uniqueEmail('ghost');
    const res = await t.client().call('forgotPassword', { body: { email } });
    assert.equal(res.status, 202);
    assert.equal(res.body, undefined);
    assert.equal((await mailbox(t, email)).length, 0);
  });

  test('a malformed address is a 400 naming the field', async () => {
    const res = await t.client().call('forgotPassword', { body: { email: 'nope' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.errors[0].field, 'body.email');
  });

  test('the reset link sets a new password once and ends every session', async () => {
    const { api, email } = await confirmedUser(t);
    const other = await loggedIn(t, email);
    const res = await t.client().call('forgotPassword', { body: { email } });
    assert.equal(res.status, 202);
    const [mail] = await mailbox(t, email);
    assert.match(mail!.subject, /Återställ ditt lösenord/);
    const token = await resetToken(email);
    assert.ok(mail!.links[0]!.startsWith(`${t.config.publicUrl}/reset-password/`));

    const mismatch = await t
      .client()
      .call('resetPassword', { body: { token, password: NEW_PASSWORD, passwordConfirmation: 'other' } });
    assert.equal(mismatch.status, 400);
    assert.equal(mismatch.body.errors[0].code, 'passwords_must_match');
    const short = await t
      .client()
      .call('resetPassword', { body: { token, password: 'short', passwordConfirmation: 'short' } });
    assert.equal(short.status, 400);
    assert.deepEqual(short.body.errors[0].params, { limit: 8 });

    const done = await t
      .client()
      .call('resetPassword', { body: { token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } });
    assert.equal(done.status, 200);
    assert.equal(done.body.email, email);
    const again = await t
      .client()
      .call('resetPassword', { body: { token, password: 'third password!', passwordConfirmation: 'third password!' } });
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 'token_used');

    assert.equal((await api.call('getSession')).status, 401);
    assert.equal((await other.call('getSession')).status, 401);
    assert.equal((await t.client().call('login', { body: { email, password: PASSWORD } })).status, 401);
    await loggedIn(t, email, NEW_PASSWORD);
    const notice = (await mailbox(t, email))[0]!;
    assert.match(notice.subject, /Ditt lösenord hos Frilo har ändrats/);
  });

  test('only the newest link works, and an expired one does not', async () => {
    const { email } = await confirmedUser(t);
    await t.client().call('forgotPassword', { body: { email } });
    const older = await resetToken(email);
    await t.client().call('forgotPassword', { body: { email } });
    const newer = await resetToken(email);
    assert.notEqual(older, newer);
    const body = (token: string) => ({ token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD });
    const stale = await t.client().call('resetPassword', { body: body(older) });
    assert.equal(stale.status, 400);
    assert.equal(stale.body.code, 'token_used');
    await t.sql(
      `update auth_token set expires_at = now() - interval '1 second' where purpose = 'password_reset' and consumed_at is null`,
    );
    const expired = await t.client().call('resetPassword', { body: body(newer) });
    assert.equal(expired.status, 400);
    assert.equal(expired.body.code, 'token_expired');
    const unknown = await t.client().call('resetPassword', { body: body('A'.repeat(43)) });
    assert.equal(unknown.body.code, 'token_invalid');
  });

  test('a reset proves the mailbox: an unconfirmed address becomes confirmed', async () => {
    const email = uniqueEmail('unconfirmed');
    await t.client().call('signUp', { body: signUpBody(email) });
    await t.client().call('forgotPassword', { body: { email } });
    const token = await resetToken(email);
    await t
      .client()
      .call('resetPassword', { body: { token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } });
    const api = await loggedIn(t, email, NEW_PASSWORD);
    assert.ok((await api.call('getSession')).body.user.emailConfirmedAt);
  });
});

describe('changing the password', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('needs the current password; ends the other sessions but keeps this one', async () => {
    const { api, email } = await confirmedUser(t);
    const other = await loggedIn(t, email);
    const wrong = await api.call('changePassword', {
      body: { currentPassword: 'not it', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    assert.equal(wrong.status, 400);
    assert.deepEqual(
      wrong.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['body.currentPassword', 'current_password_invalid']],
    );
    const mismatch = await api.call('changePassword', {
      body: { currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: 'typo' },
    });
    assert.equal(mismatch.body.errors[0].code, 'passwords_must_match');

    const res = await api.call('changePassword', {
      body: { currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    assert.equal(res.status, 204);
    assert.equal((await api.call('getSession')).status, 200);
    assert.equal((await other.call('getSession')).status, 401);
    assert.equal((await t.client().call('login', { body: { email, password: PASSWORD } })).status, 401);
    await loggedIn(t, email, NEW_PASSWORD);
    const hash = await t.sql(`select password_hash from app_user where email = $1`, [email]);
    assert.match(hash.rows[0].password_hash, /^\$argon2id\$/);
  });

  test('needs a session', async () => {
    const res = await t.client().call('changePassword', {
      body: { currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    assert.equal(res.status, 401);
  });
});
