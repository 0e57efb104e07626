// Accounts in the back office: search, details, disabling and enabling, the admin right and the lock-out rules, and
// the audit log that records all of it.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { PASSWORD, confirmedUser, uniqueEmail } from '../auth/test-helpers.ts';

describe('accounts in the back office', () => {
  let t: TestApp;
  let boss: { api: ApiClient; userId: string; email: string };

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    boss = await confirmedUser(t, uniqueEmail('boss'), { firstName: 'Ada', lastName: 'Admin' });
    await t.sql(`update app_user set is_admin = true where id = $1`, [boss.userId]);
  });
  after(() => t.close());

  async function admin() {
    const account = await confirmedUser(t, uniqueEmail('admin'));
    await t.sql(`update app_user set is_admin = true where id = $1`, [account.userId]);
    return account;
  }

  const audit = async (action: string, subject: string) =>
    (
      await t.sql(
        `select actor_user_id, subject_user_id, data, ip from audit_event where action = $1 and subject_user_id = $2`,
        [action, subject],
      )
    ).rows;

  test('finds accounts by any part of the name, the email address or the personal identity number', async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const berit = await confirmedUser(t, uniqueEmail(marker), { firstName: 'Berit', lastName: `Lindqvist${marker}` });
    await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [berit.userId]);
    const other = await confirmedUser(t, uniqueEmail('other'), { firstName: 'Berit', lastName: 'Olsson' });

    const byName = await boss.api.call('listUsers', { query: { q: `berit LINDQVIST${marker}` } });
    assert.deepEqual(
      byName.body.items.map((u: { id: string }) => u.id),
      [berit.userId],
    );
    assert.equal(byName.body.page.total, 1);
    const byEmail = await boss.api.call('listUsers', { query: { q: marker } });
    assert.deepEqual(
      byEmail.body.items.map((u: { id: string }) => u.id),
      [berit.userId],
    );
    const byNumber = await boss.api.call('listUsers', { query: { q: '811218-9876' } });
    assert.ok(byNumber.body.items.some((u: { id: string }) => u.id === berit.userId));
    assert.ok(!byNumber.body.items.some((u: { id: string }) => u.id === other.userId));
    const item = byNumber.body.items.find((u: { id: string }) => u.id === berit.userId);
    assert.equal(item.governmentId, '198112189876');
    assert.equal(item.displayName, `Berit Lindqvist${marker}`);
    // A wildcard typed in the search is a character, not "anything".
    assert.equal((await boss.api.call('listUsers', { query: { q: '%' } })).body.page.total, 0);

    const admins = await boss.api.call('listUsers', { query: { admin: true, pageSize: 100 } });
    assert.equal(admins.status, 200, JSON.stringify(admins.body));
    assert.ok(admins.body.items.every((u: { isAdmin: boolean }) => u.isAdmin));
    assert.ok(admins.body.items.some((u: { id: string }) => u.id === boss.userId));
  });

  test("an account's details show what support needs, and opening them is audit-logged", async () => {
    const user = await confirmedUser(t, uniqueEmail('details'), { firstName: 'Cecilia' });
    await user.api.call('updateProfile', {
      body: {
        phoneNumber: '070-123 45 67',
        address: { streetName: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE' },
      },
    });
    const res = await boss.api.call('getUser', { params: { userId: user.userId } });
    assert.equal(res.status, 200);
    assert.equal(res.body.email, user.email);
    assert.equal(res.body.phoneNumber, '+46701234567');
    assert.equal(res.body.address.postalCode, '111 22');
    assert.equal(res.body.activeSessions, 1);
    assert.equal(res.body.disabledAt, null);
    const [viewed] = await audit('user.viewed', user.userId);
    assert.equal(viewed.actor_user_id, boss.userId);
    assert.equal((await boss.api.call('getUser', { params: { userId: crypto.randomUUID() } })).status, 404);
  });

  test('disabling ends every session at once, login then says the account is disabled, enabling lets it in again', async () => {
    const user = await confirmedUser(t, uniqueEmail('disable'));
    const secondBrowser = t.client();
    assert.equal((await secondBrowser.call('login', { body: { email: user.email, password: PASSWORD } })).status, 200);

    const res = await boss.api.call('disableUser', {
      params: { userId: user.userId },
      body: { reason: 'Fraud report 4711' },
    });
    assert.equal(res.status, 200);
    assert.ok(res.body.disabledAt);
    assert.equal(res.body.activeSessions, 0);
    assert.equal((await user.api.call('getSession')).status, 401);
    assert.equal((await secondBrowser.call('getProfile')).status, 401);
    const login = await t.client().call('login', { body: { email: user.email, password: PASSWORD } });
    assert.equal(login.status, 403);
    assert.equal(login.body.code, 'account_disabled');
    const [event] = await audit('user.disabled', user.userId);
    assert.equal(event.actor_user_id, boss.userId);
    assert.deepEqual(event.data, { reason: 'Fraud report 4711' });
    assert.ok(event.ip);

    // Disabling again changes nothing and logs nothing more.
    await boss.api.call('disableUser', { params: { userId: user.userId } });
    assert.equal((await audit('user.disabled', user.userId)).length, 1);
    // Nobody can act as a disabled account.
    const impersonate = await boss.api.call('startImpersonation', { body: { userId: user.userId } });
    assert.equal(impersonate.body.code, 'account_disabled');
    await boss.api.call('stopImpersonation');

    const enabled = await boss.api.call('enableUser', { params: { userId: user.userId } });
    assert.equal(enabled.body.disabledAt, null);
    assert.equal((await t.client().call('login', { body: { email: user.email, password: PASSWORD } })).status, 200);
    assert.equal((await audit('user.enabled', user.userId)).length, 1);
  });

  test('disabling ends the impersonations of the account and the ones it runs', async () => {
    const helper = await admin();
    const freelancer = await confirmedUser(t, uniqueEmail('impersonated'));
    assert.equal((await helper.api.call('startImpersonation', { body: { userId: freelancer.userId } })).status, 200);
    await boss.api.call('disableUser', { params: { userId: freelancer.userId } });
    assert.equal((await helper.api.call('getSession')).status, 401, 'the impersonation of the disabled account ended');

    const other = await admin();
    const victim = await confirmedUser(t, uniqueEmail('victim'));
    assert.equal((await other.api.call('startImpersonation', { body: { userId: victim.userId } })).status, 200);
    await boss.api.call('disableUser', { params: { userId: other.userId } });
    assert.equal((await other.api.call('getSession')).status, 401, 'the disabled admin no longer acts as anyone');
  });

  test('an admin cannot disable themselves or revoke their own right, and never leaves the product without an admin', async () => {
    const self = await boss.api.call('disableUser', { params: { userId: boss.userId } });
    assert.equal(self.status, 409);
    assert.equal(self.body.code, 'own_account');
    const revokeSelf = await boss.api.call('revokeAdmin', { params: { userId: boss.userId } });
    assert.equal(revokeSelf.status, 409);
    assert.equal(revokeSelf.body.code, 'own_account');
    assert.equal((await boss.api.call('getSession')).body.user.isAdmin, true);
  });

  test('granting and revoking the admin right; a new admin is not impersonated any longer', async () => {
    const user = await confirmedUser(t, uniqueEmail('promoted'));
    const helper = await admin();
    await helper.api.call('startImpersonation', { body: { userId: user.userId } });

    const granted = await boss.api.call('grantAdmin', { params: { userId: user.userId } });
    assert.equal(granted.status, 200);
    assert.equal(granted.body.isAdmin, true);
    assert.equal((await helper.api.call('getSession')).status, 401, 'admins are not impersonated');
    assert.equal((await user.api.call('listUsers')).status, 200, 'the new admin works as one at once');
    assert.equal((await audit('user.admin_granted', user.userId))[0].actor_user_id, boss.userId);

    const revoked = await boss.api.call('revokeAdmin', { params: { userId: user.userId } });
    assert.equal(revoked.body.isAdmin, false);
    assert.equal((await user.api.call('listUsers')).status, 403, 'the right goes with the next request');
    assert.equal((await audit('user.admin_revoked', user.userId)).length, 1);
  });

  test('only a confirmed, enabled account can become an admin', async () => {
    const unconfirmed = t.client();
    const email = uniqueEmail('unconfirmed');
    await unconfirmed.call('signUp', {
      body: {
        email,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        firstName: 'U',
        lastName: 'C',
        acceptTerms: true,
      },
    });
    const [row] = (await t.sql(`select id from app_user where email = $1`, [email])).rows;
    const res = await boss.api.call('grantAdmin', { params: { userId: row.id } });
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'email_not_confirmed');

    const disabled = await confirmedUser(t, uniqueEmail('disabled'));
    await boss.api.call('disableUser', { params: { userId: disabled.userId } });
    assert.equal(
      (await boss.api.call('grantAdmin', { params: { userId: disabled.userId } })).body.code,
      'account_disabled',
    );
  });

  test('two admins revoking each other at the same moment: one wins, one enabled admin always remains', async () => {
    // A product of only these two admins.
    const [first, second] = [await admin(), await admin()];
    await t.sql(`update app_user set is_admin = false where is_admin and id not in ($1, $2)`, [
      first.userId,
      second.userId,
    ]);
    try {
      const answers = await Promise.all([
        first.api.call('revokeAdmin', { params: { userId: second.userId } }),
        second.api.call('revokeAdmin', { params: { userId: first.userId } }),
      ]);
      assert.deepEqual(answers.map((a) => a.status).sort(), [200, 403]);
      const { rows } = await t.sql(`select count(*)::int as n from app_user where is_admin and disabled_at is null`);
      assert.equal(rows[0].n, 1);
      // The last one cannot be disabled by anyone (and cannot do it to themselves).
      const last = answers[0]!.status === 200 ? first : second;
      assert.equal((await last.api.call('disableUser', { params: { userId: last.userId } })).body.code, 'own_account');
    } finally {
      await t.sql(`update app_user set is_admin = true where id = $1`, [boss.userId]);
    }
  });
});
