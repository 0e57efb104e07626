// Security headers on every kind of response (issue 15): API answers and problems of every operation, the shell and
// its client routes, its files, the remotes' files, the API docs page and its scripts, a user's receipt. Pages get a
// Content-Security-Policy that runs scripts from our origin and the remotes' only (no inline scripts); anything else a
// policy that runs nothing. Nothing may be framed or sniffed; production adds HSTS.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { everyOperation, samplePath } from '../../../test/contract-requests.ts';
import { confirmedUser } from '../../modules/auth/test-helpers.ts';

const CDN = 'https://cdn.frilo.example';

/** A built web app in miniature: the shell (one remote on a CDN), a remote, and the API docs with their script. */
async function staticRoot(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'frilo-headers-'));
  const file = async (path: string, content: string) => {
    await mkdir(join(root, path, '..'), { recursive: true });
    await writeFile(join(root, path), content);
  };
  await file(
    'shell/dist/index.html',
    '<!doctype html><style>body{margin:0}</style><script defer src="/main.js"></script>',
  );
  await file('shell/dist/main.js', 'console.log(1);');
  await file(
    'shell/dist/remotes.json',
    JSON.stringify({
      'mf-auth': '/remotes/mf-auth/mf-manifest.json',
      'mf-invoices': `${CDN}/mf-invoices/mf-manifest.json`,
    }),
  );
  await file('mf-auth/dist/mf-manifest.json', '{"id":"mf-auth"}');
  await file('mf-auth/dist/remoteEntry.js', 'var x = 1;');
  await file(
    'openapi/dist/docs.html',
    '<!doctype html><script type="module" src="/api/docs/docs.0123456789ab.js"></script>',
  );
  await file('openapi/dist/docs/docs.0123456789ab.js', 'import "/api/docs/redoc.standalone.0123456789ab.js";');
  // The emails' texts, which signing up needs.
  await mkdir(join(root, 'bff', 'src'), { recursive: true });
  await symlink(resolve(import.meta.dirname, '../../locales'), join(root, 'bff', 'src', 'locales'));
  return root;
}

type Headers = globalThis.Headers;

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

function checkCommon(headers: Headers, where: string, production: boolean) {
  assert.equal(headers.get('x-content-type-options'), 'nosniff', where);
  assert.equal(headers.get('referrer-policy'), 'same-origin', where);
  assert.equal(headers.get('x-frame-options'), 'DENY', where);
  const policy = headers.get('content-security-policy');
  assert.ok(policy, `${where}: no Content-Security-Policy`);
  assert.deepEqual(directives(policy).get('frame-ancestors'), ["'none'"], `${where}: ${policy}`);
  const hsts = headers.get('strict-transport-security');
  if (production) assert.match(hsts ?? '', /^max-age=\d{8,}; includeSubDomains$/, where);
  else assert.equal(hsts, null, `${where}: HSTS outside production`);
}

function checkPage(headers: Headers, where: string) {
  const policy = directives(headers.get('content-security-policy')!);
  const scripts = policy.get('script-src') ?? policy.get('default-src')!;
  assert.ok(scripts.includes("'self'"), where);
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", 'data:', '*', 'https:', 'http:'])
    assert.ok(!scripts.includes(unsafe), `${where}: script-src allows ${unsafe}`);
  assert.deepEqual(policy.get('object-src'), ["'none'"], where);
  assert.deepEqual(policy.get('base-uri'), ["'self'"], where);
}

function checkNothingRuns(headers: Headers, where: string) {
  const policy = directives(headers.get('content-security-policy')!);
  assert.deepEqual(policy.get('default-src'), ["'none'"], `${where}: ${headers.get('content-security-policy')}`);
}

for (const production of [false, true]) {
  describe(`security headers on every kind of response${production ? ' in production' : ''}`, () => {
    let root: string;
    let t: TestApp;
    // Production trusts one proxy, which says the request came over HTTPS.
    const via: Record<string, string> = production ? { 'x-forwarded-proto': 'https' } : {};
    before(async () => {
      root = await staticRoot();
      t = await createTestApp({
        staticRoot: root,
        rateLimits: false,
        ...(production ? { env: 'production' as const, smtpUrl: 'smtp://127.0.0.1:1' } : {}),
      });
    });
    after(async () => {
      await t.close();
      await rm(root, { recursive: true, force: true });
    });

    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${t.url}${path}`, { headers: { ...via, ...headers } });

    test('pages: the shell, its client routes and the API docs run scripts from our origin and the remotes only', async () => {
      for (const path of ['/', '/index.html', '/login', '/dashboard/customers/edit/123', '/api/docs']) {
        const res = await get(path, { accept: 'text/html' });
        assert.equal(res.status, 200, path);
        checkCommon(res.headers, path, production);
        checkPage(res.headers, path);
        const policy = directives(res.headers.get('content-security-policy')!);
        // The remote on a CDN: its scripts, styles and manifest load; no other site's do.
        for (const directive of ['script-src', 'style-src', 'connect-src'])
          assert.ok(policy.get(directive)?.includes(CDN), `${path}: ${directive} lacks the remotes' CDN`);
      }
    });

    test("files: the shell's, the remotes', the docs' scripts and what is not found run nothing", async () => {
      for (const path of [
        '/main.js',
        '/remotes.json',
        '/remotes/mf-auth/mf-manifest.json',
        '/remotes/mf-auth/remoteEntry.js',
        '/remotes/mf-auth/missing.js',
        '/api/docs/docs.0123456789ab.js',
        '/api/docs/missing.0123456789ab.js',
      ]) {
        const res = await get(path);
        checkCommon(res.headers, path, production);
        checkNothingRuns(res.headers, path);
      }
    });

    test('every operation of the contract, answered or refused, and the router’s own answers', async () => {
      const api = t.client();
      await api.request('GET', '/api/health', { headers: via });
      for (const op of everyOperation()) {
        const res = await api.request(op.method.toUpperCase(), samplePath(op.path), {
          headers: via,
          ...(op.method === 'get' ? {} : { body: {} }),
        });
        checkCommon(res.headers, op.operationId, production);
        checkNothingRuns(res.headers, op.operationId);
      }
      for (const [method, path] of [
        ['GET', '/api/nothing-here'],
        ['PUT', '/api/health'],
        ['PROPFIND', '/api/health'],
        ['POST', '/api/customers'], // no CSRF token
      ] as const) {
        const res = await fetch(`${t.url}${path}`, { method, headers: { ...via, 'content-type': 'application/json' } });
        assert.ok(res.status >= 400, `${method} ${path}`);
        checkCommon(res.headers, `${method} ${path}`, production);
        checkNothingRuns(res.headers, `${method} ${path}`);
      }
    });

    test("an invoice's preview may be framed by the app's own pages, by nobody else, and runs nothing", {
      skip: production && 'no dev mailbox',
    }, async () => {
      const { api } = await confirmedUser(t);
      const customer = await api.call('createCustomer', {
        body: {
          type: 'organization',
          name: 'Volvo Personvagnar AB',
          governmentId: '5560360793',
          contactPersonEmail: 'anna.berg@volvo.se',
          email: 'invoices@volvo.se',
          invoiceLanguage: 'sv',
          address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '40531', city: 'Göteborg', country: 'SE' },
        },
      });
      const draft = await api.call('createInvoice', {
        body: {
          recipientId: customer.body.id,
          rows: [{ description: 'Arbete', unitPrice: 100_000, quantity: 1, unit: 'hour', vatPercentage: 25 }],
        },
      });
      const preview = await api.request('GET', `/api/invoices/${draft.body.id}/preview-pdf`, { headers: via });
      assert.equal(preview.status, 200);
      assert.equal(preview.headers.get('x-frame-options'), 'SAMEORIGIN');
      const policy = directives(preview.headers.get('content-security-policy')!);
      assert.deepEqual(policy.get('frame-ancestors'), ["'self'"]);
      assert.deepEqual(policy.get('default-src'), ["'none'"]);
      // The sent PDF is a download: framed by nobody.
      checkCommon(
        (await api.request('GET', `/api/invoices/${draft.body.id}/pdf`, { headers: via })).headers,
        'pdf',
        production,
      );
    });

    // Signing up reads the development mailbox, which production does not have; the headers are the same code.
    test('a receipt keeps its own sandboxing policy', { skip: production && 'no dev mailbox' }, async () => {
      const { api } = await confirmedUser(t);
      const form = new FormData();
      form.append('file', new Blob([Buffer.from('%PDF-1.4\n%%EOF\n')], { type: 'application/pdf' }), 'kvitto.pdf');
      const upload = await api.request('POST', '/api/receipts', { form, headers: via });
      if (upload.status !== 201) return assert.fail(`upload: ${upload.status} ${JSON.stringify(upload.body)}`);
      const receipt = await api.request('GET', `/api/receipts/${upload.body.id}`, { headers: via });
      assert.equal(receipt.status, 200);
      checkCommon(receipt.headers, 'receipt', production);
      assert.match(receipt.headers.get('content-security-policy')!, /^sandbox; default-src 'none'/);
    });
  });
}
