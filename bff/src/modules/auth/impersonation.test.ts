import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, confirmedUser, uniqueEmail } from './test-helpers.ts';

describe('admin impersonation', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  async function admin() {
    const account = await confirmedUser(t, uniqueEmail('admin'), { firstName: 'Ada', lastName: 'Admin' });
    await t.sql(`update app_user set is_admin = true where id = $1`, [account.userId]);
    return account;
  }

  test('an admin acts as a user and comes back to their own session; both steps are audit-logged', async () => {
    const boss = await admin();
    const user = await confirmedUser(t, uniqueEmail('freelancer'), { firstName: 'Frida', lastName: 'Frilans' });
    const adminToken = boss.api.cookies.get('user_auth_token')!;

    const start = await boss.api.call('startImpersonation', { body: { userId: user.userId } });
    assert.equal(start.status, 200);
    assert.equal(start.body.isImpersonating, true);
    assert.equal(start.body.user.id, user.userId);
    assert.deepEqual(start.body.admin, {
      id: boss.userId,
      email: boss.email,
      firstName: 'Ada',
      lastName: 'Admin',
      displayName: 'Ada Admin',
    });
    assert.equal(boss.api.cookies.get('admin_auth_token'), adminToken, 'the admin session waits in admin_auth_token');
    assert.notEqual(boss.api.cookies.get('user_auth_token'), adminToken);
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('admin_auth_token='))!;
    assert.match(cookie, /httponly/i);
    assert.ok(Math.abs(Date.parse(/expires=([^;]+)/i.exec(cookie)![1]!) - Date.now() - 14_350_000) < 5_000);

    const session = await boss.api.call('getSession');
    assert.equal(session.body.user.email, user.email);
    assert.equal(session.body.isImpersonating, true);
    assert.equal(session.body.admin.id, boss.userId);
    const profile = await boss.api.call('getProfile');
    assert.equal(profile.body.id, user.userId);

    // What the admin changes as the user is recorded as the admin's doing.
    await boss.api.call('updateProfile', { body: { pensionRate: 4.5 } });
    const change = await t.sql(
      `select actor_user_id from audit_event where action = 'user.profile_updated' and subject_user_id = $1`,
      [user.userId],
    );
    assert.equal(change.rows[0].actor_user_id, boss.userId);

    const stop = await boss.api.call('stopImpersonation');
    assert.equal(stop.status, 200);
    assert.equal(stop.body.user.id, boss.userId);
    assert.equal(stop.body.isImpersonating, false);
    // The admin's own session again, under a new token (account-security.test.ts checks the old one is dead).
    assert.match(boss.api.cookies.get('user_auth_token') ?? '', /^[\w-]{43}$/);
    assert.notEqual(boss.api.cookies.get('user_auth_token'), adminToken);
    assert.equal(boss.api.cookies.has('admin_auth_token'), false);
    assert.equal((await boss.api.call('getSession')).body.user.id, boss.userId);

    const audit = await t.sql(
      `select action, actor_user_id, subject_user_id, ip, created_at from audit_event where action like 'impersonation.%' and actor_user_id = $1 order by created_at`,
      [boss.userId],
    );
    assert.deepEqual(
      audit.rows.map((r) => [r.action, r.actor_user_id, r.subject_user_id]),
      [
        ['impersonation.start', boss.userId, user.userId],
        ['impersonation.stop', boss.userId, user.userId],
      ],
    );
    assert.ok(audit.rows.every((r) => r.ip && r.created_at));
  });

  test('the impersonation session ends on the server when it stops', async () => {
    const boss = await admin();
    const user = await confirmedUser(t);
    await boss.api.call('startImpersonation', { body: { email: user.email } });
    const impersonationToken = boss.api.cookies.get('user_auth_token')!;
    await boss.api.call('stopImpersonation');
    const replay = t.client();
    replay.cookies.set('user_auth_token', impersonationToken);
    assert.equal((await replay.call('getSession')).status, 401);
  });

  test("when the admin's own session has expired, stopping logs out fully", async () => {
    const boss = await admin();
    const user = await confirmedUser(t);
    await boss.api.call('startImpersonation', { body: { userId: user.userId } });
    await t.sql(
      `update auth_session set expires_at = now() - interval '1 second' where user_id = $1 and impersonator_id is null`,
      [boss.userId],
    );
    const stop = await boss.api.call('stopImpersonation');
    assert.equal(stop.status, 204);
    assert.equal(boss.api.cookies.has('user_auth_token'), false);
    assert.equal(boss.api.cookies.has('admin_auth_token'), false);
    assert.equal((await boss.api.call('getSession')).status, 401);
  });

  test('logging out while impersonating ends both sessions', async () => {
    const boss = await admin();
    const user = await confirmedUser(t);
    const adminToken = boss.api.cookies.get('user_auth_token')!;
    await boss.api.call('startImpersonation', { body: { userId: user.userId } });
    assert.equal((await boss.api.call('logout')).status, 204);
    const replay = t.client();
    replay.cookies.set('user_auth_token', adminToken);
    assert.equal((await replay.call('getSession')).status, 401);
  });

  test('only admins may impersonate', async () => {
    const mallory = await confirmedUser(t);
    const victim = await confirmedUser(t);
    const res = await mallory.api.call('startImpersonation', { body: { userId: victim.userId } });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'forbidden');
    assert.equal((await mallory.api.call('getSession')).body.user.id, mallory.userId);
    assert.equal((await t.client().call('startImpersonation', { body: { userId: victim.userId } })).status, 401);
    const notImpersonating = await mallory.api.call('stopImpersonation');
    assert.equal(notImpersonating.status, 409);
    assert.equal(notImpersonating.body.code, 'not_impersonating');
    const audit = await t.sql(
      `select count(*)::int as n from audit_event where action like 'impersonation.%' and subject_user_id = $1`,
      [victim.userId],
    );
    assert.equal(audit.rows[0].n, 0);
  });

  test('unknown users are 404; self, other admins and disabled accounts are refused', async () => {
    const boss = await admin();
    const other = await admin();
    const disabled = await confirmedUser(t);
    await t.sql(`update app_user set disabled_at = now() where id = $1`, [disabled.userId]);
    const unknown = await boss.api.call('startImpersonation', {
      body: { userId: '00000000-0000-4000-8000-000000000000' },
    });
    assert.equal(unknown.status, 404);
    assert.equal((await boss.api.call('startImpersonation', { body: { email: uniqueEmail('nobody') } })).status, 404);
    const self = await boss.api.call('startImpersonation', { body: { userId: boss.userId } });
    assert.equal(self.body.errors[0].code, 'cannot_impersonate_self');
    const peer = await boss.api.call('startImpersonation', { body: { email: other.email } });
    assert.equal(peer.body.errors[0].code, 'cannot_impersonate_admin');
    const gone = await boss.api.call('startImpersonation', { body: { userId: disabled.userId } });
    assert.equal(gone.status, 409);
    assert.equal(gone.body.code, 'account_disabled');
    const both = await boss.api.call('startImpersonation', {
      body: { userId: disabled.userId, email: disabled.email },
    });
    assert.equal(both.body.errors[0].code, 'user_id_or_email_required');
    const none = await boss.api.call('startImpersonation', { body: {} });
    assert.equal(none.body.errors[0].code, 'user_id_or_email_required');
  });

  test('an impersonating admin cannot start another impersonation or change the credentials', async () => {
    const boss = await admin();
    const user = await confirmedUser(t);
    const third = await confirmedUser(t);
    await boss.api.call('startImpersonation', { body: { userId: user.userId } });
    const nested = await boss.api.call('startImpersonation', { body: { userId: third.userId } });
    assert.equal(nested.status, 409);
    assert.equal(nested.body.code, 'already_impersonating');
    const password = await boss.api.call('changePassword', {
      body: { currentPassword: PASSWORD, password: 'taken over!', passwordConfirmation: 'taken over!' },
    });
    assert.equal(password.status, 403);
    const email = await boss.api.call('requestEmailChange', { body: { email: uniqueEmail(), password: PASSWORD } });
    assert.equal(email.status, 403);
  });

  test('an impersonation stops working when the admin loses admin rights', async () => {
    const boss = await admin();
    const user = await confirmedUser(t);
    await boss.api.call('startImpersonation', { body: { userId: user.userId } });
    await t.sql(`update app_user set is_admin = false where id = $1`, [boss.userId]);
    assert.equal((await boss.api.call('getSession')).status, 401);
  });

  test("an impersonation ends no later than the admin's own session", async () => {
    const boss = await admin();
    const user = await confirmedUser(t);
    await t.sql(`update auth_session set expires_at = now() + interval '10 minutes' where user_id = $1`, [boss.userId]);
    const start = await boss.api.call('startImpersonation', { body: { userId: user.userId } });
    const minutesLeft = (Date.parse(start.body.expiresAt) - Date.now()) / 60_000;
    assert.ok(minutesLeft > 9 && minutesLeft <= 10, `${minutesLeft} minutes`);
  });
});
