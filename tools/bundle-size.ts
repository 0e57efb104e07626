// Prints the JavaScript a user downloads, gzipped: the /login first load measured in Chromium
// (shell + mf-auth + shared React etc.), and each remote's own first-screen code from its
// manifest (remoteEntry + the exposed module, shared singletons excluded). Budgets: 150 KB and
// 60 KB. Run after a build: `node tools/bundle-size.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { REMOTE_NAMES } from '../openapi/src/remotes.ts';
import { staticFile, startStaticServer } from './static-server.ts';

const repo = join(import.meta.dirname, '..');
const KB = 1024;
const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(6)} KB`;

const { server, url } = await startStaticServer();
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage();
  const scripts: string[] = [];
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (path.endsWith('.js') && response.ok()) scripts.push(path);
  });
  await page.goto(`${url}/login`);
  await page.locator('#login-email').waitFor();
  let total = 0;
  console.log('/login first load (gzip -9):');
  for (const path of scripts) {
    const file = staticFile(path);
    if (!file) continue;
    const size = gz(file);
    total += size;
    console.log(`  ${kb(size)}  ${path}`);
  }
  console.log(`  ${kb(total)}  total (budget 150 KB)${total > 150 * KB ? '  OVER BUDGET' : ''}\n`);

  console.log("Each remote's own first-screen code (remoteEntry + exposed ./app, gzip -9):");
  for (const remote of REMOTE_NAMES) {
    const dist = join(repo, remote, 'dist');
    const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as {
      metaData: { remoteEntry: { name: string } };
      exposes: { assets: { js: { sync: string[] } } }[];
    };
    const files = [manifest.metaData.remoteEntry.name, ...manifest.exposes.flatMap((e) => e.assets.js.sync)];
    const size = files.reduce((sum, file) => sum + gz(join(dist, file)), 0);
    console.log(`  ${kb(size)}  ${remote}${size > 60 * KB ? '  OVER BUDGET' : ''}`);
  }
} finally {
  await browser.close();
  server.close();
}
