// CSRF (issue 8): every write of the contract is refused from another site, and a token is worth something only
// with the session it was issued for.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { everyWrite, samplePath } from '../../../test/contract-requests.ts';
import { changedTables, fingerprint } from '../../../test/db-fingerprint.ts';
import { confirmedUser, loggedIn } from '../../modules/auth/test-helpers.ts';

describe('CSRF protection of every write', () => {
  let t: TestApp;
  let user: ApiClient;
  let email: string;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
    ({ api: user, email } = await confirmedUser(t));
  });
  after(() => t.close());

  const write = (api: ApiClient, op: { method: string; path: string }, headers: Record<string, string> = {}) =>
    api.request(op.method.toUpperCase(), samplePath(op.path), { body: {}, headers });

  /** Runs `refusals` and checks they wrote nothing at all (every table, every queued job). */
  async function writesNothing(refusals: () => Promise<void>) {
    await t.drainJobs();
    const before = await fingerprint(t);
    await refusals();
    await t.drainJobs();
    assert.deepEqual(changedTables(before, await fingerprint(t)), [], 'a refused write wrote');
  }

  test('a write without the token, or with a header that does not match the cookie, is refused, for every write operation', async () => {
    await writesNothing(async () => {
      for (const op of everyWrite()) {
        const path = samplePath(op.path);
        const missing = await user.request(op.method.toUpperCase(), path, { body: {}, noCsrf: true });
        assert.equal(missing.status, 403, `${op.operationId} without X-CSRF-Token`);
        assert.equal(missing.body.code, 'csrf', op.operationId);
        const wrong = await user.request(op.method.toUpperCase(), path, {
          body: {},
          noCsrf: true,
          headers: { 'x-csrf-token': `${user.cookies.get('csrf_token')!.slice(0, -2)}xx` },
        });
        assert.equal(wrong.status, 403, `${op.operationId} with a header that is not the cookie`);
        // The header alone, without its cookie (a script on another site can set headers only with CORS, which we never allow).
        const token = user.cookies.get('csrf_token')!;
        const cookieless = new (user.constructor as typeof ApiClient)(t.url);
        for (const [name, value] of user.cookies) if (name !== 'csrf_token') cookieless.cookies.set(name, value);
        const headerOnly = await cookieless.request(op.method.toUpperCase(), path, {
          body: {},
          noCsrf: true,
          headers: { 'x-csrf-token': token },
        });
        assert.equal(headerOnly.status, 403, `${op.operationId} with the header but no cookie`);
      }
    });
    // The same browser with its token passes: the refusals were about the token, not the session.
    assert.equal((await user.call('updateProfile', { body: { firstName: 'Anna' } })).status, 200);
  });

  test('a write with a valid token pair but a cross-site Origin is refused, for every write operation', async () => {
    await writesNothing(async () => {
      for (const op of everyWrite()) {
        const res = await write(user, op, { origin: 'https://evil.example' });
        assert.equal(res.status, 403, `${op.operationId} from https://evil.example`);
        assert.equal(res.body.code, 'csrf', op.operationId);
        const nullOrigin = await write(user, op, { origin: 'null' });
        assert.equal(nullOrigin.status, 403, `${op.operationId} from an opaque origin`);
      }
    });
  });

  test('a write that the browser marks as cross-site or same-site (Sec-Fetch-Site) is refused, for every write operation', async () => {
    await writesNothing(async () => {
      for (const op of everyWrite()) {
        for (const site of ['cross-site', 'same-site']) {
          const res = await write(user, op, { 'sec-fetch-site': site });
          assert.equal(res.status, 403, `${op.operationId} with Sec-Fetch-Site: ${site}`);
          assert.equal(res.body.code, 'csrf', op.operationId);
        }
      }
    });
  });

  test('a token pair issued to another session does not pass, for every write operation', async () => {
    // The attacker's own browser has a valid pair; planted next to the victim's session cookie it is worth nothing.
    const attacker = await loggedIn(t, (await confirmedUser(t)).email);
    const attackerToken = attacker.cookies.get('csrf_token')!;
    // Used by its own session first, so the server has it as verified (for that session: csrf.ts keeps the tokens
    // that verified) before the victim's requests carry it.
    assert.equal((await attacker.call('updateProfile', { body: { firstName: 'Eve' } })).status, 200);
    assert.equal(attacker.cookies.get('csrf_token'), attackerToken, 'the attacker still holds the same pair');
    const victim = await loggedIn(t, email);
    await writesNothing(async () => {
      for (const op of everyWrite()) {
        victim.cookies.set('csrf_token', attackerToken);
        const res = await write(victim, op);
        assert.equal(res.status, 403, `${op.operationId} with another session's token`);
        assert.equal(res.body.code, 'csrf', op.operationId);
      }
    });
    // An anonymous pair (what anyone gets from the login page) does not pass for a logged-in session either.
    const anonymous = t.client();
    await anonymous.request('GET', '/api/health');
    await anonymous.request('GET', '/api/health'); // its token verified (and kept) for no session
    victim.cookies.set('csrf_token', anonymous.cookies.get('csrf_token')!);
    const res = await victim.call('updateProfile', { body: { firstName: 'Mallory' } });
    assert.equal(res.status, 403);
  });

  test('the same site passes: Origin equal to the public URL, or Sec-Fetch-Site same-origin, or neither header', async () => {
    const sameSite: Record<string, string>[] = [
      { origin: t.config.publicUrl },
      { 'sec-fetch-site': 'same-origin' },
      {},
    ];
    for (const headers of sameSite) {
      const res = await user.call('updateProfile', { body: { firstName: 'Anna' }, headers });
      assert.equal(res.status, 200, JSON.stringify(headers));
    }
  });

  test('the token follows the session: login, logout and a token from an ended session', async () => {
    const api = t.client();
    await api.request('GET', '/api/health');
    const anonymous = api.cookies.get('csrf_token')!;
    assert.equal((await api.call('login', { body: { email, password: 'correct horse battery' } })).status, 200);
    const loggedInToken = api.cookies.get('csrf_token')!;
    assert.notEqual(loggedInToken, anonymous, 'login binds a new token to the new session');
    assert.equal((await api.call('updateProfile', { body: { firstName: 'Anna' } })).status, 200);
    assert.equal((await api.call('logout')).status, 204);
    assert.notEqual(api.cookies.get('csrf_token'), loggedInToken, 'logout leaves an anonymous token');
    // A browser whose session ended elsewhere gets a fresh token with its next answer, so a retry works.
    const stale = await loggedIn(t, email);
    await t.sql(`delete from auth_session where token_hash = encode(sha256($1::bytea), 'hex')`, [
      stale.cookies.get('user_auth_token'),
    ]);
    const refused = await stale.call('logout');
    assert.equal(refused.status, 403);
    assert.equal((await stale.call('logout')).status, 204, 'the refusal carried a token for the state it found');
  });
});
