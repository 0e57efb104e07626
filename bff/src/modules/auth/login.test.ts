import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { hashPassword } from './passwords.ts';
import { PASSWORD, confirmedUser, loggedIn, uniqueEmail } from './test-helpers.ts';

describe('login, session and logout', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('a wrong password and an unknown email get the same answer', async () => {
    const { email } = await confirmedUser(t);
    const wrong = await t.client().call('login', { body: { email, password: 'not the password' } });
    const unknown = await t
      .client()
      .call('login', { body: { email: uniqueEmail('nobody'), password: 'not the password' } });
    for (const res of [wrong, unknown]) {
      assert.equal(res.status, 401);
      assert.equal(res.body.code, 'credentials_invalid');
      assert.equal(res.body.detail, 'Incorrect email or password');
    }
    assert.deepEqual(Object.keys(wrong.body).sort(), Object.keys(unknown.body).sort());
  });

  test('email and password are both required', async () => {
    const res = await t.client().call('login', { body: { email: '', password: '' } });
    assert.equal(res.status, 400);
    assert.deepEqual(res.body.errors.map((e: { field: string; code: string }) => `${e.field}:${e.code}`).sort(), [
      'body.email:required',
      'body.password:required',
    ]);
  });

  test('the email matches whatever its case', async () => {
    const { email } = await confirmedUser(t);
    const res = await t.client().call('login', { body: { email: `  ${email.toUpperCase()} `, password: PASSWORD } });
    assert.equal(res.status, 200);
    assert.equal(res.body.user.email, email);
  });

  test('the session cookie is httpOnly, SameSite=Lax, path /, 14350 s, and holds an opaque token stored hashed', async () => {
    const { email, userId } = await confirmedUser(t);
    const api = t.client();
    await api.request('GET', '/api/health');
    const res = await api.call('login', { body: { email, password: PASSWORD } });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('user_auth_token='));
    assert.ok(cookie);
    assert.match(cookie, /; path=\//i);
    assert.match(cookie, /; httponly/i);
    assert.match(cookie, /; samesite=lax/i);
    assert.doesNotMatch(cookie, /; secure/i, 'Secure only in production');
    const expires = Date.parse(/expires=([^;]+)/i.exec(cookie)![1]!);
    assert.ok(Math.abs(expires - Date.now() - 14_350_000) < 5_000);
    const token = api.cookies.get('user_auth_token')!;
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    const stored = await t.sql(
      `select token_hash, expires_at - created_at as ttl from auth_session where user_id = $1`,
      [userId],
    );
    assert.ok(stored.rows.every((r) => r.token_hash !== token));
    assert.ok(stored.rows.some((r) => r.ttl.hours === 3 && r.ttl.minutes === 59 && r.ttl.seconds === 10));
    assert.equal(new Date(res.body.expiresAt).getTime() > Date.now() + 14_000_000, true);
  });

  test('logout ends the session on the server: the old cookie no longer works', async () => {
    const { api } = await confirmedUser(t);
    const token = api.cookies.get('user_auth_token')!;
    assert.equal((await api.call('getSession')).status, 200);
    const out = await api.call('logout');
    assert.equal(out.status, 204);
    assert.equal(api.cookies.has('user_auth_token'), false, 'the cookie is cleared');
    const replay = t.client();
    replay.cookies.set('user_auth_token', token);
    const res = await replay.call('getSession');
    assert.equal(res.status, 401);
    assert.equal(res.body.code, 'unauthorized');
    // Logging out again, or without a session, is fine.
    assert.equal((await t.client().call('logout')).status, 204);
  });

  test('logging in again replaces the session the browser held', async () => {
    const { api, email } = await confirmedUser(t);
    const first = api.cookies.get('user_auth_token')!;
    await api.call('login', { body: { email, password: PASSWORD } });
    assert.notEqual(api.cookies.get('user_auth_token'), first);
    const replay = t.client();
    replay.cookies.set('user_auth_token', first);
    assert.equal((await replay.call('getSession')).status, 401);
  });

  test('an expired session is refused and its cookie cleared', async () => {
    const { api, userId } = await confirmedUser(t);
    await t.sql(`update auth_session set expires_at = now() - interval '1 second' where user_id = $1`, [userId]);
    const res = await api.call('getSession');
    assert.equal(res.status, 401);
    assert.equal(api.cookies.has('user_auth_token'), false);
  });

  test('a made-up or malformed token is just no session', async () => {
    for (const token of ['A'.repeat(43), 'garbage', "'; drop table auth_session; --"]) {
      const api = t.client();
      api.cookies.set('user_auth_token', encodeURIComponent(token));
      assert.equal((await api.call('getSession')).status, 401);
    }
  });

  test('last seen is recorded at most once a minute', async () => {
    const { api, userId } = await confirmedUser(t);
    await t.sql(`update auth_session set last_seen_at = now() - interval '5 minutes' where user_id = $1`, [userId]);
    await api.call('getSession');
    const seen = await t.sql(
      `select max(last_seen_at) > now() - interval '10 seconds' as fresh from auth_session where user_id = $1`,
      [userId],
    );
    assert.equal(seen.rows[0].fresh, true);
  });

  test('login without the CSRF header is refused', async () => {
    const { email } = await confirmedUser(t);
    const api = t.client();
    await api.request('GET', '/api/health');
    const res = await api.call('login', { body: { email, password: PASSWORD }, noCsrf: true });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'csrf');
    assert.equal(api.cookies.has('user_auth_token'), false);
  });

  test('a logged-in write without the CSRF header is refused', async () => {
    const { api } = await confirmedUser(t);
    const res = await api.call('updateProfile', { body: { firstName: 'Mallory' }, noCsrf: true });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'csrf');
    assert.equal((await api.call('getProfile')).body.firstName, 'Anna');
  });
});

describe('disabled accounts', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('login is refused with the spec message, but only after the right password', async () => {
    const { email } = await confirmedUser(t);
    await t.sql(`update app_user set disabled_at = now() where email = $1`, [email]);
    const right = await t.client().call('login', { body: { email, password: PASSWORD } });
    assert.equal(right.status, 403);
    assert.equal(right.body.code, 'account_disabled');
    assert.equal(right.body.detail, 'This account is disabled. Please contact support');
    const wrong = await t.client().call('login', { body: { email, password: 'guessing' } });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.body.code, 'credentials_invalid');
  });

  test('sessions of a disabled account stop working at once', async () => {
    const { api, email } = await confirmedUser(t);
    assert.equal((await api.call('getProfile')).status, 200);
    await t.sql(`update app_user set disabled_at = now() where email = $1`, [email]);
    assert.equal((await api.call('getProfile')).status, 401);
    assert.equal((await api.call('getSession')).status, 401);
  });

  test('a disabled account gets no reset link', async () => {
    const { email } = await confirmedUser(t);
    await t.sql(`update app_user set disabled_at = now() where email = $1`, [email]);
    const res = await t.client().call('forgotPassword', { body: { email } });
    assert.equal(res.status, 202);
    await t.drainJobs();
    const mails = await t.client().call('listDevMailbox', { query: { to: email } });
    assert.ok(mails.body.messages.every((m: { subject: string }) => !/lösenord/i.test(m.subject)));
  });
});

describe('rate limits', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: true });
  });
  after(() => t.close());

  test('repeated failed logins for one address get 429 with Retry-After, even with the right password', async () => {
    const email = uniqueEmail('target');
    const owner = t.client();
    await owner.call('signUp', {
      body: {
        email,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        firstName: 'T',
        lastName: 'G',
        acceptTerms: true,
      },
    });
    const api = t.client();
    for (let i = 0; i < 10; i++) {
      const res = await api.call('login', { body: { email, password: `guess-${i}` } });
      assert.equal(res.status, 401);
    }
    const blocked = await api.call('login', { body: { email, password: PASSWORD } });
    assert.equal(blocked.status, 429);
    assert.equal(blocked.body.code, 'rate_limited');
    const retryAfter = Number(blocked.headers.get('retry-after'));
    assert.ok(retryAfter > 0 && retryAfter <= 900, `Retry-After ${retryAfter}`);
    // Another address from the same place is not blocked by it.
    const other = await api.call('login', { body: { email: uniqueEmail(), password: 'whatever' } });
    assert.equal(other.status, 401);
  });

  test('successful logins do not count', async () => {
    const email = uniqueEmail('often');
    const api = t.client();
    await api.call('signUp', {
      body: {
        email,
        password: PASSWORD,
        passwordConfirmation: PASSWORD,
        firstName: 'O',
        lastName: 'F',
        acceptTerms: true,
      },
    });
    for (let i = 0; i < 12; i++) await loggedIn(t, email);
  });

  test('sign-up and forgotten password are limited per address', async () => {
    const email = uniqueEmail('spam');
    const api = t.client();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api.call('forgotPassword', { body: { email } })).status);
    assert.deepEqual(statuses, [202, 202, 202, 202, 202, 429]);
    const body = {
      email,
      password: PASSWORD,
      passwordConfirmation: PASSWORD,
      firstName: 'S',
      lastName: 'P',
      acceptTerms: true,
    };
    const signUps: number[] = [];
    for (let i = 0; i < 6; i++) signUps.push((await api.call('signUp', { body })).status);
    assert.deepEqual(signUps, [201, 201, 201, 201, 201, 429]);
  });

  test('a new window starts once the old one has passed', async () => {
    const email = uniqueEmail('patient');
    const api = t.client();
    for (let i = 0; i < 5; i++) await api.call('forgotPassword', { body: { email } });
    assert.equal((await api.call('forgotPassword', { body: { email } })).status, 429);
    await t.sql(`update rate_limit set window_started_at = now() - interval '61 minutes'`);
    assert.equal((await api.call('forgotPassword', { body: { email } })).status, 202);
  });

  test('the limiter stores hashed keys, never addresses', async () => {
    const rows = await t.sql(`select key from rate_limit`);
    assert.ok(rows.rows.length > 0);
    assert.ok(rows.rows.every((r) => /^[0-9a-f]{64}$/.test(r.key)));
  });
});

describe('cookies in production', () => {
  test('the session cookie is Secure behind the TLS-terminating proxy', async () => {
    const prod = await createTestApp({ env: 'production', smtpUrl: 'smtp://127.0.0.1:1', rateLimits: false });
    try {
      const email = uniqueEmail('prod');
      await prod.sql(`insert into app_user (email, password_hash, email_confirmed_at) values ($1, $2, now())`, [
        email,
        await hashPassword(PASSWORD),
      ]);
      const api = prod.client();
      const headers = { 'x-forwarded-proto': 'https' };
      await api.request('GET', '/api/health', { headers });
      const res = await api.call('login', { body: { email, password: PASSWORD }, headers });
      assert.equal(res.status, 200);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('user_auth_token='))!;
      assert.match(cookie, /; secure/i);
      assert.match(cookie, /; httponly/i);
      assert.equal((await api.call('getSession', { headers })).status, 200);
    } finally {
      await prod.close();
    }
  });
});
