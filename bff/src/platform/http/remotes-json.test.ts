// Where each remote is loaded from (issue 22): REMOTE_MANIFESTS points single remotes at another origin (a CDN) without
// rebuilding; /remotes.json answers the merged map, and the pages' Content-Security-Policy names exactly the origins in
// it, the same in production as elsewhere.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { defaultManifestPath, REMOTE_NAMES } from '@frilo/openapi/remotes';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { loadConfig } from '../config.ts';
import { parseRemoteManifests, remoteOrigins, remotesMap } from './remotes-json.ts';

const remoteName = fc.constantFrom(...REMOTE_NAMES);
const host = fc.domain();
const path = fc.array(fc.stringMatching(/^[a-z0-9._-]{1,12}$/), { maxLength: 4 }).map((parts) => parts.join('/'));

test('REMOTE_MANIFESTS: name=url pairs, separated by commas or whitespace, each a remote of the registry', () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(fc.tuple(remoteName, host, path), { selector: ([name]) => name, minLength: 1 }),
      fc.constantFrom(',', ' ', '\n', ' , '),
      (entries, separator) => {
        const raw = entries.map(([name, h, p]) => `${name}=https://${h}/${p}/mf-manifest.json`).join(separator);
        const parsed = parseRemoteManifests(raw, true);
        assert.deepEqual(
          parsed,
          Object.fromEntries(entries.map(([name, h, p]) => [name, new URL(`https://${h}/${p}/mf-manifest.json`).href])),
        );
      },
    ),
  );
  assert.deepEqual(parseRemoteManifests(undefined, true), {});
  assert.deepEqual(parseRemoteManifests('  ', true), {});
  // A path on the BFF's own origin (another folder a proxy serves) is fine too.
  assert.deepEqual(parseRemoteManifests('mf-auth=/v2/mf-auth/mf-manifest.json', true), {
    'mf-auth': '/v2/mf-auth/mf-manifest.json',
  });
});

test('REMOTE_MANIFESTS refuses, naming the entry: unknown remotes, twice the same, no URL, bad schemes, credentials', () => {
  const cases: [string, boolean, RegExp][] = [
    ['mf-nothing=https://cdn.example/m.json', true, /mf-nothing is not a remote of the registry \(mf-auth, /],
    ['mf-auth=https://a.example/m.json,mf-auth=https://b.example/m.json', true, /mf-auth is given twice/],
    ['mf-auth', true, /"mf-auth" is not name=url/],
    ['mf-auth=', true, /"mf-auth=" is not name=url/],
    ['=https://cdn.example/m.json', true, /is not name=url/],
    ['mf-auth=cdn.example/m.json', true, /absolute URL or a path starting with \//],
    ['mf-auth=//cdn.example/m.json', true, /absolute URL or a path starting with \//],
    ['mf-auth=http://cdn.example/m.json', true, /must be https, got http:\/\/cdn/],
    ['mf-auth=ftp://cdn.example/m.json', false, /must be http\(s\)/],
    ['mf-auth=javascript:alert(1)', false, /must be http\(s\)/],
    ['mf-auth=https://user:secret@cdn.example/m.json', true, /must not carry credentials/],
  ];
  for (const [raw, production, message] of cases)
    assert.throws(() => parseRemoteManifests(raw, production), message, raw);
  // Plain http is for loopback tests, outside production only.
  assert.deepEqual(parseRemoteManifests('mf-auth=http://127.0.0.1:4400/mf-auth/mf-manifest.json', false), {
    'mf-auth': 'http://127.0.0.1:4400/mf-auth/mf-manifest.json',
  });
  assert.throws(() => loadConfig({ NODE_ENV: 'test', REMOTE_MANIFESTS: 'mf-x=https://a/b' }), /REMOTE_MANIFESTS/);
});

test('the map: registry defaults, then the build’s remotes.json, then the configured URLs; origins are the absolute ones', async () => {
  const root = await mkdtemp(join(tmpdir(), 'frilo-remotes-'));
  try {
    const defaults = Object.fromEntries(REMOTE_NAMES.map((name) => [name, defaultManifestPath(name)]));
    // Not built yet: the registry's defaults, all on our own origin.
    assert.deepEqual(remotesMap(root, {}), defaults);
    assert.deepEqual(remoteOrigins(remotesMap(root, {})), []);
    await mkdir(join(root, 'shell', 'dist'), { recursive: true });
    await writeFile(
      join(root, 'shell', 'dist', 'remotes.json'),
      JSON.stringify({ 'mf-invoices': 'https://old.example/mf-invoices/mf-manifest.json' }),
    );
    const map = remotesMap(root, {
      'mf-invoices': 'https://cdn.example/mf-invoices/2/mf-manifest.json',
      'mf-legacy': 'https://cdn.example:8443/mf-legacy/mf-manifest.json',
      'mf-auth': '/v2/mf-auth/mf-manifest.json',
    });
    assert.deepEqual(map, {
      ...defaults,
      'mf-invoices': 'https://cdn.example/mf-invoices/2/mf-manifest.json',
      'mf-legacy': 'https://cdn.example:8443/mf-legacy/mf-manifest.json',
      'mf-auth': '/v2/mf-auth/mf-manifest.json',
    });
    assert.deepEqual(remoteOrigins(map), ['https://cdn.example', 'https://cdn.example:8443']);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
});

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

const CDN = 'https://cdn.frilo.example';
const OTHER = 'https://static.frilo.example:8443';

for (const production of [false, true]) {
  describe(`a deployment with remotes on other origins${production ? ' (production)' : ''}`, () => {
    let root: string;
    let t: TestApp;
    const via: Record<string, string> = production ? { 'x-forwarded-proto': 'https' } : {};
    before(async () => {
      root = await mkdtemp(join(tmpdir(), 'frilo-remotes-app-'));
      await mkdir(join(root, 'shell', 'dist'), { recursive: true });
      await writeFile(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>Frilo</title>');
      await writeFile(
        join(root, 'shell', 'dist', 'remotes.json'),
        JSON.stringify(Object.fromEntries(REMOTE_NAMES.map((name) => [name, defaultManifestPath(name)]))),
      );
      t = await createTestApp({
        staticRoot: root,
        remoteManifests: {
          'mf-customers': `${CDN}/mf-customers/2025.10.24-1/mf-manifest.json`,
          'mf-legacy': `${OTHER}/legacy/mf-manifest.json`,
        },
        ...(production ? { env: 'production' as const, smtpUrl: 'smtp://127.0.0.1:1' } : {}),
      });
    });
    after(async () => {
      await t.close();
      await rm(root, { recursive: true, force: true });
    });

    test('/remotes.json points the configured remotes elsewhere, is revalidated on every load, and 304s', async () => {
      const res = await fetch(`${t.url}/remotes.json`, { headers: via });
      assert.equal(res.status, 200);
      assert.match(res.headers.get('content-type') ?? '', /^application\/json/);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
      assert.deepEqual(await res.json(), {
        ...Object.fromEntries(REMOTE_NAMES.map((name) => [name, defaultManifestPath(name)])),
        'mf-customers': `${CDN}/mf-customers/2025.10.24-1/mf-manifest.json`,
        'mf-legacy': `${OTHER}/legacy/mf-manifest.json`,
      });
      const etag = res.headers.get('etag');
      assert.ok(etag);
      // As a browser revalidates (fetch would otherwise add `Cache-Control: no-cache`, which always refetches).
      const again = await fetch(`${t.url}/remotes.json`, {
        headers: { ...via, 'if-none-match': etag, 'cache-control': 'max-age=0' },
      });
      assert.equal(again.status, 304);
    });

    test('a page’s policy names exactly our origin and the configured remote origins, no wildcard', async () => {
      for (const page of ['/', '/dashboard/customers', '/api/docs']) {
        const res = await fetch(`${t.url}${page}`, { headers: { ...via, accept: 'text/html' } });
        const policy = directives(res.headers.get('content-security-policy') ?? '');
        const sources = ["'self'", CDN, OTHER];
        assert.deepEqual(policy.get('script-src'), sources, page);
        assert.deepEqual(policy.get('connect-src'), sources, page);
        assert.deepEqual(policy.get('style-src'), [...sources, "'unsafe-inline'"], page);
        assert.deepEqual(policy.get('font-src'), [...sources, 'data:'], page);
        assert.deepEqual(policy.get('img-src'), [...sources, 'data:', 'blob:'], page);
        assert.deepEqual(policy.get('default-src'), ["'self'"], page);
      }
    });
  });
}
