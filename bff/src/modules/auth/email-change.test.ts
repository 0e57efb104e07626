import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, confirmedUser, linkIn, loggedIn, mailbox, uniqueEmail } from './test-helpers.ts';

describe('changing the email address', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  async function changeToken(to: string): Promise<string> {
    const [mail] = await mailbox(t, to);
    const link = linkIn(mail, /\/email-change-confirm\?token=/);
    assert.ok(link.startsWith(`${t.config.publicUrl}/email-change-confirm?token=`));
    return new URL(link).searchParams.get('token')!;
  }

  test('the link goes to the new address; confirming it switches the login and ends every session', async () => {
    const { api, email, userId } = await confirmedUser(t);
    const other = await loggedIn(t, email);
    const newEmail = uniqueEmail('new');
    const res = await api.call('requestEmailChange', { body: { email: newEmail, password: PASSWORD } });
    assert.equal(res.status, 202);
    assert.deepEqual(res.body, { email: newEmail });
    const profile = await api.call('getProfile');
    assert.equal(profile.body.email, email, 'nothing changes before the link is followed');
    assert.equal(profile.body.pendingEmail, newEmail);

    const token = await changeToken(newEmail);
    const [notice] = await mailbox(t, email);
    assert.match(notice!.subject, /Begäran om att byta e-postadress/);
    assert.match(notice!.text, new RegExp(newEmail));
    assert.deepEqual(
      notice!.links.map((l) => new URL(l).pathname),
      ['/email-change-cancel'],
      'the old address gets only the link that stops the change, none that could confirm it',
    );

    const confirmed = await t.client().call('confirmEmailChange', { body: { token } });
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.body.email, newEmail);

    assert.equal((await api.call('getSession')).status, 401);
    assert.equal((await other.call('getSession')).status, 401);
    const sessions = await t.sql(`select count(*)::int as n from auth_session where user_id = $1`, [userId]);
    assert.equal(sessions.rows[0].n, 0);
    assert.equal((await t.client().call('login', { body: { email, password: PASSWORD } })).status, 401);
    const again = await loggedIn(t, newEmail);
    const session = await again.call('getSession');
    assert.equal(session.body.user.email, newEmail);
    assert.ok(session.body.user.emailConfirmedAt);
    assert.equal((await again.call('getProfile')).body.pendingEmail, null);
    const [changed] = await mailbox(t, email);
    assert.match(changed!.subject, /Din e-postadress hos Frilo har bytts/);

    const reuse = await t.client().call('confirmEmailChange', { body: { token } });
    assert.equal(reuse.status, 400);
    assert.equal(reuse.body.code, 'token_used');
  });

  test('confirming clears the session cookie of the browser that follows the link', async () => {
    const { api } = await confirmedUser(t);
    const newEmail = uniqueEmail('same-browser');
    await api.call('requestEmailChange', { body: { email: newEmail, password: PASSWORD } });
    const token = await changeToken(newEmail);
    const res = await api.call('confirmEmailChange', { body: { token } });
    assert.equal(res.status, 200);
    assert.equal(api.cookies.has('user_auth_token'), false);
  });

  test("following the link in another user's browser leaves that user logged in", async () => {
    const { api } = await confirmedUser(t);
    const bystander = await confirmedUser(t);
    const newEmail = uniqueEmail('elsewhere');
    await api.call('requestEmailChange', { body: { email: newEmail, password: PASSWORD } });
    const res = await bystander.api.call('confirmEmailChange', { body: { token: await changeToken(newEmail) } });
    assert.equal(res.status, 200);
    assert.equal((await bystander.api.call('getSession')).status, 200);
    assert.equal((await api.call('getSession')).status, 401);
  });

  test('a taken address gets the same answer, no link, and its owner is told', async () => {
    const owner = await confirmedUser(t);
    const { api, email } = await confirmedUser(t);
    const before = (await mailbox(t, owner.email)).length;
    const res = await api.call('requestEmailChange', {
      body: { email: owner.email.toUpperCase(), password: PASSWORD },
    });
    assert.equal(res.status, 202);
    const mails = await mailbox(t, owner.email);
    assert.equal(mails.length, before + 1);
    assert.match(mails[0]!.subject, /Byte av e-postadress/);
    assert.equal(mails[0]!.links.length, 0);
    assert.equal((await api.call('getProfile')).body.email, email);
  });

  test('needs the current password, a valid and different address, and a session', async () => {
    const { api, email } = await confirmedUser(t);
    const wrong = await api.call('requestEmailChange', { body: { email: uniqueEmail(), password: 'nope' } });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.errors[0].field, 'body.password');
    assert.equal(wrong.body.errors[0].code, 'current_password_invalid');
    const same = await api.call('requestEmailChange', { body: { email, password: PASSWORD } });
    assert.equal(same.body.errors[0].code, 'same_email');
    const invalid = await api.call('requestEmailChange', { body: { email: 'no-at-sign', password: PASSWORD } });
    assert.equal(invalid.body.errors[0].code, 'invalid_format');
    const anonymous = await t
      .client()
      .call('requestEmailChange', { body: { email: uniqueEmail(), password: PASSWORD } });
    assert.equal(anonymous.status, 401);
  });

  test('only the newest link works; expired links are refused', async () => {
    const { api } = await confirmedUser(t);
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await api.call('requestEmailChange', { body: { email: first, password: PASSWORD } });
    const firstToken = await changeToken(first);
    await api.call('requestEmailChange', { body: { email: second, password: PASSWORD } });
    const secondToken = await changeToken(second);
    assert.equal(
      (await t.client().call('confirmEmailChange', { body: { token: firstToken } })).body.code,
      'token_used',
    );
    await t.sql(
      `update auth_token set expires_at = now() - interval '1 second' where purpose = 'email_change' and consumed_at is null`,
    );
    assert.equal(
      (await t.client().call('confirmEmailChange', { body: { token: secondToken } })).body.code,
      'token_expired',
    );
  });

  test('if the new address was taken meanwhile, confirming is refused', async () => {
    const { api } = await confirmedUser(t);
    const contested = uniqueEmail('contested');
    await api.call('requestEmailChange', { body: { email: contested, password: PASSWORD } });
    const token = await changeToken(contested);
    await confirmedUser(t, contested);
    const res = await t.client().call('confirmEmailChange', { body: { token } });
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'email_taken');
  });

  test('a link sent to the old address stops working after the change', async () => {
    const { api, email } = await confirmedUser(t);
    await t.client().call('forgotPassword', { body: { email } });
    const [reset] = await mailbox(t, email);
    const token = linkIn(reset, /\/reset-password\//).split('/reset-password/')[1]!;
    const newEmail = uniqueEmail('moved');
    assert.equal((await api.call('requestEmailChange', { body: { email: newEmail, password: PASSWORD } })).status, 202);
    assert.equal(
      (await t.client().call('confirmEmailChange', { body: { token: await changeToken(newEmail) } })).status,
      200,
    );
    const old = await t
      .client()
      .call('resetPassword', { body: { token, password: 'new password!', passwordConfirmation: 'new password!' } });
    assert.equal(old.status, 400);
    assert.equal(old.body.code, 'token_invalid');
  });
});
