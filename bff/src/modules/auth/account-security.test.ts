// Account takeover paths (issue 8): what a password reset or change ends, the email change that the
// old address can stop, and a new session token on every change of password, email or privileges.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, confirmedUser, linkIn, loggedIn, mailbox, signUpBody, uniqueEmail } from './test-helpers.ts';

const NEW_PASSWORD = 'a brand new passphrase';

describe('account security', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  async function newestLink(to: string, pattern: RegExp): Promise<URL> {
    const mails = await mailbox(t, to);
    return new URL(
      linkIn(
        mails.find((m) => m.links.some((l) => pattern.test(l))),
        pattern,
      ),
    );
  }
  const emailChangeToken = async (to: string) =>
    (await newestLink(to, /\/email-change-confirm\?/)).searchParams.get('token')!;
  const resetToken = async (to: string) => (await newestLink(to, /\/reset-password\//)).pathname.split('/').pop()!;

  /** A stranger who knows the password asks, from their own browser, to move the account to their address. */
  async function strangerAsksForEmailChange(email: string): Promise<{ stranger: ApiClient; strangerEmail: string }> {
    const stranger = await loggedIn(t, email);
    const strangerEmail = uniqueEmail('stranger');
    const asked = await stranger.call('requestEmailChange', { body: { email: strangerEmail, password: PASSWORD } });
    assert.equal(asked.status, 202);
    return { stranger, strangerEmail };
  }

  test("a password reset ends a pending email change, the other links and every session: the stranger's link no longer moves the account", async () => {
    const owner = await confirmedUser(t);
    const { stranger, strangerEmail } = await strangerAsksForEmailChange(owner.email);
    const changeToken = await emailChangeToken(strangerEmail);

    assert.equal((await t.client().call('forgotPassword', { body: { email: owner.email } })).status, 202);
    const token = await resetToken(owner.email);
    const reset = await t
      .client()
      .call('resetPassword', { body: { token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } });
    assert.equal(reset.status, 200);

    const moved = await t.client().call('confirmEmailChange', { body: { token: changeToken } });
    assert.equal(moved.status, 400);
    assert.equal(moved.body.code, 'token_invalid');
    assert.equal((await stranger.call('getSession')).status, 401);
    assert.equal((await owner.api.call('getSession')).status, 401);
    const outstanding = await t.sql(
      `select purpose from auth_token where user_id = $1 and consumed_at is null and expires_at > now()`,
      [owner.userId],
    );
    assert.deepEqual(outstanding.rows, []);
    const back = await loggedIn(t, owner.email, NEW_PASSWORD);
    assert.equal((await back.call('getProfile')).body.pendingEmail, null);
  });

  test('a password change ends pending email changes, reset links and every other session; this session gets a new token', async () => {
    const owner = await confirmedUser(t);
    const { stranger, strangerEmail } = await strangerAsksForEmailChange(owner.email);
    const changeToken = await emailChangeToken(strangerEmail);
    await t.client().call('forgotPassword', { body: { email: owner.email } });
    const reset = await resetToken(owner.email);
    const before = owner.api.cookies.get('user_auth_token')!;
    const csrfBefore = owner.api.cookies.get('csrf_token')!;

    const changed = await owner.api.call('changePassword', {
      body: { currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
    });
    assert.equal(changed.status, 204);
    const after = owner.api.cookies.get('user_auth_token')!;
    assert.notEqual(after, before, 'the changing session gets a new token');
    assert.notEqual(owner.api.cookies.get('csrf_token'), csrfBefore, 'and its CSRF token follows');
    assert.equal((await owner.api.call('getSession')).status, 200);
    const replay = t.client();
    replay.cookies.set('user_auth_token', before);
    assert.equal((await replay.call('getSession')).status, 401, 'the old token is dead');
    assert.equal((await stranger.call('getSession')).status, 401);

    assert.equal(
      (await t.client().call('confirmEmailChange', { body: { token: changeToken } })).body.code,
      'token_invalid',
    );
    const resetWithOld = await t.client().call('resetPassword', {
      body: { token: reset, password: 'third password!', passwordConfirmation: 'third password!' },
    });
    assert.equal(resetWithOld.status, 400);
    assert.equal(resetWithOld.body.code, 'token_invalid');
    assert.equal((await owner.api.call('getProfile')).body.pendingEmail, null);
  });

  test("an admin's password change or reset ends the impersonations that admin started", async () => {
    for (const how of ['change', 'reset'] as const) {
      const boss = await confirmedUser(t, uniqueEmail('admin'));
      await t.sql(`update app_user set is_admin = true where id = $1`, [boss.userId]);
      const user = await confirmedUser(t);
      // The impersonation runs in another browser of the admin's; the password changes in this one.
      const elsewhere = await loggedIn(t, boss.email);
      assert.equal((await elsewhere.call('startImpersonation', { body: { userId: user.userId } })).status, 200);
      assert.equal((await elsewhere.call('getSession')).body.isImpersonating, true);

      if (how === 'change') {
        const res = await boss.api.call('changePassword', {
          body: { currentPassword: PASSWORD, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
        });
        assert.equal(res.status, 204);
      } else {
        await t.client().call('forgotPassword', { body: { email: boss.email } });
        const token = await resetToken(boss.email);
        const res = await t
          .client()
          .call('resetPassword', { body: { token, password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD } });
        assert.equal(res.status, 200);
      }
      assert.equal((await elsewhere.call('getSession')).status, 401, `after a password ${how}`);
      const left = await t.sql(`select count(*)::int as n from auth_session where impersonator_id = $1`, [boss.userId]);
      assert.equal(left.rows[0].n, 0, `after a password ${how}`);
      // The user's own sessions are theirs: the admin's password does not end them.
      assert.equal((await user.api.call('getSession')).status, 200);
    }
  });

  test('an account whose email is not confirmed cannot ask to change it', async () => {
    const email = uniqueEmail('unconfirmed');
    assert.equal((await t.client().call('signUp', { body: signUpBody(email) })).status, 201);
    const api = await loggedIn(t, email);
    const newEmail = uniqueEmail('elsewhere');
    const res = await api.call('requestEmailChange', { body: { email: newEmail, password: PASSWORD } });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'email_not_confirmed');
    assert.match(res.body.detail, /confirm/i);
    assert.equal((await mailbox(t, newEmail)).length, 0);
  });

  test('the notice to the old address says how to stop the change, and its link stops it', async () => {
    const owner = await confirmedUser(t);
    const { stranger, strangerEmail } = await strangerAsksForEmailChange(owner.email);
    const changeToken = await emailChangeToken(strangerEmail);
    const [notice] = await mailbox(t, owner.email);
    assert.match(notice!.subject, /Begäran om att byta e-postadress/);
    const link = new URL(linkIn(notice, /\/email-change-cancel\?token=/));
    assert.equal(link.origin + link.pathname, `${t.config.publicUrl}/email-change-cancel`);
    assert.equal(notice!.links.length, 1, 'the only link stops the change; none confirms it');
    assert.match(notice!.text, /stoppa/i);
    const cancelToken = link.searchParams.get('token')!;
    assert.notEqual(cancelToken, changeToken);

    const stopped = await t.client().call('cancelEmailChange', { body: { token: cancelToken } });
    assert.equal(stopped.status, 200);
    assert.deepEqual(stopped.body, { email: owner.email });
    const moved = await t.client().call('confirmEmailChange', { body: { token: changeToken } });
    assert.equal(moved.status, 400);
    assert.equal(moved.body.code, 'token_invalid');
    // Whoever asked for it knew the password: every session ends, the owner logs in again.
    assert.equal((await stranger.call('getSession')).status, 401);
    assert.equal((await owner.api.call('getSession')).status, 401);
    const again = await t.client().call('cancelEmailChange', { body: { token: cancelToken } });
    assert.equal(again.status, 400);
    assert.equal(again.body.code, 'token_used');
    const back = await loggedIn(t, owner.email);
    assert.equal((await back.call('getProfile')).body.pendingEmail, null);
  });

  test('the link to stop a change no longer works once the change is confirmed', async () => {
    const owner = await confirmedUser(t);
    const newEmail = uniqueEmail('moved');
    await owner.api.call('requestEmailChange', { body: { email: newEmail, password: PASSWORD } });
    const cancelToken = (await newestLink(owner.email, /\/email-change-cancel\?/)).searchParams.get('token')!;
    const changeToken = await emailChangeToken(newEmail);
    assert.equal((await t.client().call('confirmEmailChange', { body: { token: changeToken } })).status, 200);
    const late = await t.client().call('cancelEmailChange', { body: { token: cancelToken } });
    assert.equal(late.status, 400);
    assert.equal(late.body.code, 'token_invalid');
  });

  test('starting and stopping an impersonation each issue a new session token', async () => {
    const boss = await confirmedUser(t, uniqueEmail('admin'));
    await t.sql(`update app_user set is_admin = true where id = $1`, [boss.userId]);
    const user = await confirmedUser(t);
    const adminToken = boss.api.cookies.get('user_auth_token')!;
    const csrfBefore = boss.api.cookies.get('csrf_token')!;
    await boss.api.call('startImpersonation', { body: { userId: user.userId } });
    const impersonating = boss.api.cookies.get('user_auth_token')!;
    assert.notEqual(impersonating, adminToken);
    assert.notEqual(boss.api.cookies.get('csrf_token'), csrfBefore, 'the CSRF token follows the new session');
    const stop = await boss.api.call('stopImpersonation');
    assert.equal(stop.status, 200);
    const restored = boss.api.cookies.get('user_auth_token')!;
    assert.notEqual(restored, adminToken, 'the admin comes back with a new token');
    assert.notEqual(restored, impersonating);
    assert.equal((await boss.api.call('getSession')).body.user.id, boss.userId);
    const replay = t.client();
    replay.cookies.set('user_auth_token', adminToken);
    assert.equal((await replay.call('getSession')).status, 401, 'the parked token is dead');
  });
});
