// Rate limits (issue 8): the client address is taken TRUSTED_PROXY_HOPS from the right of X-Forwarded-For, never the
// leftmost value anyone can write, and each account has a limit of its own beside the limit per address.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashPassword } from './passwords.ts';
import { LIMITS } from './rate-limit.ts';
import { PASSWORD, signUpBody, uniqueEmail } from './test-helpers.ts';

describe('the client address behind the proxy (production defaults)', () => {
  let prod: TestApp;
  before(async () => {
    prod = await createTestApp({ env: 'production', smtpUrl: 'smtp://127.0.0.1:1', rateLimits: true });
  });
  after(() => prod.close());

  /** What our one proxy sends: whatever the client wrote, then the address it saw. */
  const viaProxy = (clientWrote: string, proxySaw: string) => ({
    'x-forwarded-proto': 'https',
    'x-forwarded-for': `${clientWrote}, ${proxySaw}`,
  });

  test('a new leftmost X-Forwarded-For value per request does not escape the per-address limit', async () => {
    const api = prod.client();
    await api.request('GET', '/api/health', { headers: viaProxy('1.1.1.1', '203.0.113.7') });
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.passwordResetPerIp.max; i++) {
      const res = await api.call('forgotPassword', {
        body: { email: uniqueEmail('spread') },
        headers: viaProxy(`198.51.100.${i}`, '203.0.113.7'),
      });
      statuses.push(res.status);
    }
    assert.equal(statuses.at(-1), 429, 'the address the proxy saw is what counts');
    assert.ok(statuses.slice(0, -1).every((s) => s === 202));
    // Another client behind the same proxy is not affected.
    const other = await api.call('forgotPassword', {
      body: { email: uniqueEmail() },
      headers: viaProxy('198.51.100.1', '203.0.113.8'),
    });
    assert.equal(other.status, 202);
  });

  test('the address recorded for a login is the one the proxy saw', async () => {
    const email = uniqueEmail('prod');
    await prod.sql(`insert into app_user (email, password_hash, email_confirmed_at) values ($1, $2, now())`, [
      email,
      await hashPassword(PASSWORD),
    ]);
    const api = prod.client();
    const headers = viaProxy('10.9.9.9', '203.0.113.9');
    await api.request('GET', '/api/health', { headers });
    assert.equal((await api.call('login', { body: { email, password: PASSWORD }, headers })).status, 200);
    const audit = await prod.sql(
      `select e.ip from audit_event e join app_user u on u.id = e.subject_user_id where u.email = $1 and e.action = 'session.login'`,
      [email],
    );
    assert.deepEqual(
      audit.rows.map((r) => r.ip),
      ['203.0.113.9'],
    );
  });
});

describe('limits per account, whatever the address', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: true, trustedProxyHops: 1 });
  });
  after(() => t.close());

  /** A different client address for each request, as a botnet would have. */
  let next = 0;
  const fromNewAddress = () => ({ 'x-forwarded-for': `198.51.100.${++next % 250}, 192.0.2.${next % 250}` });

  test('failed logins for one account are limited even when spread over addresses, and then the right password waits too', async () => {
    const email = uniqueEmail('target');
    assert.equal((await t.client().call('signUp', { body: signUpBody(email) })).status, 201);
    const statuses: number[] = [];
    for (let i = 0; i < LIMITS.loginFailuresPerAccount.max; i++) {
      const res = await t
        .client()
        .call('login', { body: { email, password: `guess-${i}` }, headers: fromNewAddress() });
      statuses.push(res.status);
    }
    assert.ok(statuses.every((s) => s === 401));
    const blocked = await t.client().call('login', { body: { email, password: PASSWORD }, headers: fromNewAddress() });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.code, 'rate_limited');
    // Other accounts are not affected.
    const other = await t
      .client()
      .call('login', { body: { email: uniqueEmail(), password: 'whatever' }, headers: fromNewAddress() });
    assert.equal(other.status, 401);
  });

  test('reset emails to one address are limited even when asked for from many addresses', async () => {
    const email = uniqueEmail('victim');
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.passwordResetPerAccount.max; i++) {
      statuses.push((await t.client().call('forgotPassword', { body: { email }, headers: fromNewAddress() })).status);
    }
    assert.equal(statuses.at(-1), 429);
    assert.ok(statuses.slice(0, -1).every((s) => s === 202));
  });

  test('sign-ups for one address are limited even when made from many addresses', async () => {
    const email = uniqueEmail('flood');
    const statuses: number[] = [];
    for (let i = 0; i <= LIMITS.signUpPerAccount.max; i++) {
      statuses.push((await t.client().call('signUp', { body: signUpBody(email), headers: fromNewAddress() })).status);
    }
    assert.equal(statuses.at(-1), 429);
    assert.ok(statuses.slice(0, -1).every((s) => s === 201));
  });
});
