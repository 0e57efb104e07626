import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { get } from 'node:http';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('system module', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp();
  });
  after(() => t.close());

  test('health answers ok with the database checked', async () => {
    const res = await t.client().call('getHealth');
    assert.equal(res.status, 200);
    assert.deepEqual(res.body, { status: 'ok', database: 'ok', version: '24.10.2025.01' });
    assert.match(res.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
  });

  test('serves the bundled contract and human-readable docs', async () => {
    const api = t.client();
    const res = await api.call('getOpenApi');
    assert.equal(res.body.openapi, '3.1.0');
    assert.ok(res.body.paths['/api/health']);
    const docs = await api.request('GET', '/api/docs');
    assert.equal(docs.status, 200);
    assert.match(docs.headers.get('content-type') ?? '', /text\/html/);
  });

  test('unknown API routes answer 404 as problem JSON without internals', async () => {
    const res = await t.client().request('GET', '/api/does-not-exist');
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type') ?? '', /application\/problem\+json/);
    assert.equal(res.body.code, 'not_found');
    assert.doesNotMatch(JSON.stringify(res.body), /at .*\.ts:\d+/);
  });

  test('invalid input is a 400 problem naming each bad field', async () => {
    const res = await t.client().call('trackEvent', { body: { name: '', version: 3 } });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'validation');
    const fields = Object.fromEntries(res.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]));
    assert.deepEqual(fields, {
      'body.name': 'required',
      'body.version': 'invalid_type',
      'body.environment': 'required',
    });
  });

  test('malformed JSON is a 400 problem, not a crash', async () => {
    const api = t.client();
    await api.request('GET', '/api/health');
    const res = await fetch(`${t.url}/api/analytics/events`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: `csrf_token=${api.cookies.get('csrf_token')}`,
        'x-csrf-token': api.cookies.get('csrf_token')!,
      },
      body: '{"name": ',
    });
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { code: string }).code, 'malformed_body');
  });

  test('writes without the CSRF header are refused', async () => {
    const api = t.client();
    await api.request('GET', '/api/health');
    const res = await api.call('trackEvent', {
      body: { name: 'x', version: '1', environment: 'production' },
      noCsrf: true,
    });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'csrf');
  });

  test('analytics events are accepted', async () => {
    const res = await t
      .client()
      .call('trackEvent', { body: { name: 'page_view', version: '24.10.2025.01', environment: 'production' } });
    assert.equal(res.status, 202);
  });

  test('translations are served per namespace and language; unknown namespaces are 404', async () => {
    const api = t.client();
    const missing = await api.call('getTranslations', { params: { locale: 'sv', namespace: 'nope' } });
    assert.equal(missing.status, 404);
    const bad = await api.call('getTranslations', { params: { locale: 'fr', namespace: 'shell' } });
    assert.equal(bad.status, 400);
    assert.equal(bad.body.errors[0].field, 'path.locale');
  });

  test('translations are served compressed once, with an ETag the browser can revalidate', async () => {
    const api = t.client();
    const sv = await api.call('getTranslations', { params: { locale: 'sv', namespace: 'shell' } });
    assert.equal(sv.status, 200);
    assert.ok(Object.keys(sv.body).length > 0);
    const etag = sv.headers.get('etag');
    assert.match(etag ?? '', /^"[\w-]+"$/);
    const raw = await fetch(`${t.url}/api/i18n/sv/shell`, { headers: { 'accept-encoding': 'br' } });
    assert.equal(raw.headers.get('content-encoding'), 'br');
    assert.deepEqual(await raw.json(), sv.body);
    // fetch() turns a conditional request into a no-cache one (Fetch spec), so ask as a browser cache does.
    const again = await new Promise<number>((resolve, reject) =>
      get(`${t.url}/api/i18n/sv/shell`, { headers: { 'if-none-match': etag! } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject),
    );
    assert.equal(again, 304);
    const en = await api.call('getTranslations', { params: { locale: 'en', namespace: 'shell' } });
    assert.notEqual(en.headers.get('etag'), etag);
  });

  test('the development mailbox lists caught messages, and does not exist in production', async () => {
    await t.services.mailer.deliver({
      to: 'someone@example.com',
      subject: 'Hej',
      text: 'Visit http://localhost/x/1 now',
      html: '<p>Hej</p>',
    });
    const res = await t.client().call('listDevMailbox', { query: { to: 'someone@example.com' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.messages.length, 1);
    assert.deepEqual(res.body.messages[0].links, ['http://localhost/x/1']);
    const prod = await createTestApp({ env: 'production', smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      // Production runs behind a TLS-terminating proxy; secure cookies need it to say so.
      const gone = await prod
        .client()
        .request('GET', '/api/dev/mailbox', { headers: { 'x-forwarded-proto': 'https' } });
      assert.equal(gone.status, 404);
    } finally {
      await prod.close();
    }
  });
});

describe('production behind a TLS proxy', () => {
  test('a plain-HTTP health check (load balancer) is answered without setting the secure CSRF cookie', async () => {
    const prod = await createTestApp({ env: 'production', smtpUrl: 'smtp://127.0.0.1:1' });
    try {
      const res = await fetch(`${prod.url}/api/health`);
      assert.equal(res.status, 200);
      assert.equal(res.headers.getSetCookie().length, 0);
      const write = await fetch(`${prod.url}/api/analytics/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'x', version: '1', environment: 'production' }),
      });
      assert.equal(write.status, 403);
      const viaProxy = await fetch(`${prod.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
      assert.match(viaProxy.headers.getSetCookie().join(';'), /csrf_token=.*;.*secure/i);
    } finally {
      await prod.close();
    }
  });
});
