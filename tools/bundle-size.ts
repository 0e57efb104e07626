// The bundle budget gate (`npm run budget`, part of `npm test` after the build): fails when
// - the first load of /login sends more than 150 KB of JavaScript, counted as the BFF sends it
//   (the brotli files the build wrote beside every script, which the BFF sends to every browser
//   that accepts br, as all current ones do), or
// - a remote's own first-screen JavaScript (remoteEntry.js + the exposed ./app's files, from its
//   manifest; shared React etc. excluded) passes 60 KB gzipped (gzip -9).
// It loads /login in Chromium against the built files (tools/static-server.ts) to see which
// scripts the first load really asks for. Prints every figure, also when within budget.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { REMOTE_NAMES } from '../openapi/src/remotes.ts';
import { CHROMIUM_PATH } from './testing/chromium.ts';
import { staticFile, startStaticServer } from './static-server.ts';

export const LOGIN_BUDGET_BYTES = 150 * 1024;
export const REMOTE_BUDGET_BYTES = 60 * 1024;

const repo = join(import.meta.dirname, '..');
const KB = 1024;
const gz = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
/** What the BFF sends for a file: its precompressed brotli twin (tools/rspack/precompress-plugin.ts). */
const br = (path: string) => (existsSync(`${path}.br`) ? statSync(`${path}.br`).size : gz(path));
const kb = (bytes: number) => `${(bytes / KB).toFixed(1).padStart(6)} KB`;

type Manifest = {
  metaData: { remoteEntry: { name: string; path?: string } };
  exposes: { assets: { js: { sync: string[] } } }[];
};

/** A remote's own first-screen files: remoteEntry.js and the exposed module's synchronous chunks. */
export function firstScreenFiles(remote: string): string[] {
  const dist = join(repo, remote, 'dist');
  const manifest = JSON.parse(readFileSync(join(dist, 'mf-manifest.json'), 'utf8')) as Manifest;
  const entry = [manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name].filter(Boolean).join('/');
  return [entry, ...manifest.exposes.flatMap((expose) => expose.assets.js.sync)].map((file) => join(dist, file));
}

async function loginScripts(): Promise<string[]> {
  const { server, url } = await startStaticServer();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
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
    await page.waitForLoadState('networkidle');
    return scripts.map((path) => staticFile(path)).filter((file): file is string => file !== null);
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.main) {
  let over = false;
  const files = await loginScripts();
  let sent = 0;
  let gzipped = 0;
  console.log('/login first load: as sent (brotli)   gzip -9');
  for (const file of files) {
    sent += br(file);
    gzipped += gz(file);
    console.log(`  ${kb(br(file))}           ${kb(gz(file))}  ${file.slice(repo.length + 1)}`);
  }
  const loginOver = sent > LOGIN_BUDGET_BYTES;
  over ||= loginOver;
  console.log(
    `  ${kb(sent)}           ${kb(gzipped)}  total; budget 150 KB as sent${loginOver ? '  OVER BUDGET' : ''}\n`,
  );

  console.log("Each remote's own first-screen JavaScript (remoteEntry + exposed ./app), gzip -9; budget 60 KB:");
  for (const remote of REMOTE_NAMES) {
    const size = firstScreenFiles(remote).reduce((sum, file) => sum + gz(file), 0);
    const remoteOver = size > REMOTE_BUDGET_BYTES;
    over ||= remoteOver;
    console.log(`  ${kb(size)}  ${remote}${remoteOver ? '  OVER BUDGET' : ''}`);
  }
  if (over) {
    console.error('\nOver the bundle budget (docs/decisions/0014-ui-kit.md says what to do about it).');
    process.exit(1);
  }
}
