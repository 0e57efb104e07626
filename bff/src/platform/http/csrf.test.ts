// CSRF (issue 8): every write of the contract is refused from another site, and a token is worth something only
// with the session it was issued for.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { everyWrite, samplePath } from '../../../test/contract-requests.ts';
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

  test('a write with a valid token pair but a cross-site Origin is refused, for every write operation', async () => {
    for (const op of everyWrite()) {
      const res = await write(user, op, { origin: 'https://evil.example' });
      assert.equal(res.status, 403, `${op.operationId} from https://evil.example`);
      assert.equal(res.body.code, 'csrf', op.operationId);
      const nullOrigin = await write(user, op, { origin: 'null' });
      assert.equal(nullOrigin.status, 403, `${op.operationId} from an opaque origin`);
    }
  });

  test('a write that the browser marks as cross-site or same-site (Sec-Fetch-Site) is refused, for every write operation', async () => {
    for (const op of everyWrite()) {
      for (const site of ['cross-site', 'same-site']) {
        const res = await write(user, op, { 'sec-fetch-site': site });
        assert.equal(res.status, 403, `${op.operationId} with Sec-Fetch-Site: ${site}`);
        assert.equal(res.body.code, 'csrf', op.operationId);
      }
    }
  });

  test('a token pair issued to another session does not pass, for every write operation', async () => {
    // The attacker's own browser has a valid pair; planted next to the victim's session cookie it is worth nothing.
    const attacker = await loggedIn(t, (await confirmedUser(t)).email);
    const attackerToken = attacker.cookies.get('csrf_token')!;
    for (const op of everyWrite()) {
      const victim = await loggedIn(t, email);
      victim.cookies.set('csrf_token', attackerToken);
      const res = await write(victim, op);
      assert.equal(res.status, 403, `${op.operationId} with another session's token`);
      assert.equal(res.body.code, 'csrf', op.operationId);
    }
    // An anonymous pair (what anyone gets from the login page) does not pass for a logged-in session either.
    const anonymous = t.client();
    await anonymous.request('GET', '/api/health');
    const victim = await loggedIn(t, email);
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
