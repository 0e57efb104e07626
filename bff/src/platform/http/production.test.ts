// What production serves (issue 8): no source maps, and a published contract without the development mailbox.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('production', () => {
  let root: string;
  let prod: TestApp;
  let dev: TestApp;
  const https = { 'x-forwarded-proto': 'https' };
  before(async () => {
    // A built web app of two files and their maps.
    root = await mkdtemp(join(tmpdir(), 'frilo-static-'));
    await mkdir(join(root, 'shell', 'dist'), { recursive: true });
    await mkdir(join(root, 'mf-auth', 'dist'), { recursive: true });
    await writeFile(join(root, 'shell', 'dist', 'index.html'), '<!doctype html><title>Frilo</title>');
    for (const dir of [join(root, 'shell', 'dist'), join(root, 'mf-auth', 'dist')]) {
      await writeFile(join(dir, 'main.0123abcd.js'), 'console.log(1);\n//# sourceMappingURL=main.0123abcd.js.map');
      await writeFile(join(dir, 'main.0123abcd.js.map'), '{"version":3,"sources":["../src/secret.ts"]}');
    }
    prod = await createTestApp({ env: 'production', smtpUrl: 'smtp://127.0.0.1:1', staticRoot: root });
    dev = await createTestApp({ staticRoot: root });
  });
  after(async () => {
    await prod.close();
    await dev.close();
    await rm(root, { recursive: true, force: true });
  });

  test('source maps are not served in production (shell and remotes); the code is', async () => {
    for (const path of ['/main.0123abcd.js.map', '/remotes/mf-auth/main.0123abcd.js.map']) {
      const res = await fetch(`${prod.url}${path}`, { headers: https });
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(await res.text(), /secret\.ts/, path);
      const code = await fetch(`${prod.url}${path.replace(/\.map$/, '')}`, { headers: https });
      assert.equal(code.status, 200, path);
      // Outside production they help debugging.
      assert.equal((await fetch(`${dev.url}${path}`)).status, 200, path);
    }
  });

  test('the contract served in production does not list the development mailbox', async () => {
    const res = await prod.client().request('GET', '/api/openapi.json', { headers: https });
    assert.equal(res.status, 200);
    assert.ok(res.body.paths['/api/health']);
    assert.equal(res.body.paths['/api/dev/mailbox'], undefined);
    assert.doesNotMatch(JSON.stringify(res.body), /listDevMailbox/);
    const inDevelopment = await dev.client().call('getOpenApi');
    assert.ok(inDevelopment.body.paths['/api/dev/mailbox'], 'outside production the mailbox is documented');
  });
});
