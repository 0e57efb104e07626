// The static half of the BFF: the shell, each registered remote under /remotes/<name>/ and the UI
// kit's gallery (never in production), over real HTTP from a real directory tree.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import Koa from 'koa';
import { staticFiles } from './static-files.ts';

async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'frilo-static-'));
  for (const [path, body] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), body);
  }
  return root;
}

async function serve(root: string, gallery: boolean) {
  const app = new Koa();
  app.use(staticFiles(root, { gallery }));
  app.use((ctx) => {
    ctx.status = 404;
    ctx.body = 'next';
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise((resolve) => server.close(resolve)) };
}

const FILES = {
  'shell/dist/index.html': '<html>shell</html>',
  'mf-auth/dist/mf-manifest.json': '{"name":"mf_auth"}',
  'mf-auth/dist/app.0123abcd.js': 'console.log(1)',
  'mf-auth/dist/locales/sv/auth.json': '{"login":{"title":"Logga in"}}',
  'ui/dist/index.html': '<html>gallery</html>',
  'ui/dist/main.89abcdef.js': 'console.log(2)',
};

test('a remote is served from its dist: manifests always fresh, hashed files for a year', async () => {
  const root = await tree(FILES);
  const { url, close } = await serve(root, false);
  try {
    const manifest = await fetch(`${url}/remotes/mf-auth/mf-manifest.json`);
    assert.equal(manifest.status, 200);
    assert.equal(manifest.headers.get('cache-control'), 'no-cache');
    assert.equal(manifest.headers.get('access-control-allow-origin'), '*');
    const chunk = await fetch(`${url}/remotes/mf-auth/app.0123abcd.js`);
    assert.match(chunk.headers.get('cache-control') ?? '', /max-age=31536000,\s*immutable/);
    assert.equal((await fetch(`${url}/remotes/mf-nobody/mf-manifest.json`)).status, 404);
  } finally {
    await close();
    await rm(root, { recursive: true, force: true });
  }
});

test('the kit gallery is served outside production, and not at all in production', async () => {
  const root = await tree(FILES);
  const development = await serve(root, true);
  const production = await serve(root, false);
  try {
    const page = await fetch(`${development.url}/ui-gallery/?hl=en`, { headers: { accept: 'text/html' } });
    assert.equal(page.status, 200);
    assert.match(await page.text(), /gallery/);
    assert.equal((await fetch(`${development.url}/ui-gallery/main.89abcdef.js`)).status, 200);
    const refused = await fetch(`${production.url}/ui-gallery/`, { headers: { accept: 'text/html' } });
    assert.equal(refused.status, 404);
    assert.equal(await refused.text(), 'next');
  } finally {
    await development.close();
    await production.close();
    await rm(root, { recursive: true, force: true });
  }
});

test("a remote's texts come from its own build, revalidated like its manifest (304 when unchanged)", async () => {
  const root = await tree(FILES);
  const { url, close } = await serve(root, false);
  try {
    const texts = await fetch(`${url}/remotes/mf-auth/locales/sv/auth.json`);
    assert.equal(texts.status, 200);
    assert.equal(texts.headers.get('cache-control'), 'no-cache');
    assert.deepEqual(await texts.json(), { login: { title: 'Logga in' } });
    const lastModified = texts.headers.get('last-modified');
    assert.ok(lastModified);
    // fetch() turns a conditional request into a no-cache one (Fetch spec), so ask as a browser cache does.
    const again = await new Promise<number>((resolve, reject) =>
      get(`${url}/remotes/mf-auth/locales/sv/auth.json`, { headers: { 'if-modified-since': lastModified } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      }).on('error', reject),
    );
    assert.equal(again, 304);
  } finally {
    await close();
    await rm(root, { recursive: true, force: true });
  }
});
