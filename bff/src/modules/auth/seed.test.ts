import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { seedAccounts } from './seed.ts';

describe('demo accounts', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('are seeded once, confirmed, and can log in; the admin can impersonate the freelancer', async () => {
    const lines = await seedAccounts(t.services);
    assert.deepEqual(lines, [
      'demo@example.com / demo-password (freelancer)',
      'admin@example.com / admin-password (admin)',
    ]);
    assert.deepEqual(await seedAccounts(t.services), lines);
    const count = await t.sql(
      `select count(*)::int as n from app_user where email in ('demo@example.com', 'admin@example.com')`,
    );
    assert.equal(count.rows[0].n, 2);

    const demo = t.client();
    const login = await demo.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    assert.equal(login.status, 200);
    assert.ok(login.body.user.emailConfirmedAt);
    assert.equal(login.body.user.isAdmin, false);
    const profile = await demo.call('getProfile');
    assert.equal(profile.body.governmentId, '198112189876');
    assert.equal(profile.body.address.city, 'Stockholm');

    const admin = t.client();
    const adminLogin = await admin.call('login', { body: { email: 'admin@example.com', password: 'admin-password' } });
    assert.equal(adminLogin.body.user.isAdmin, true);
    const start = await admin.call('startImpersonation', { body: { email: 'demo@example.com' } });
    assert.equal(start.status, 200);
  });

  test('are never seeded in production', async () => {
    assert.deepEqual(await seedAccounts({ ...t.services, config: { ...t.config, env: 'production' } }), []);
  });
});
