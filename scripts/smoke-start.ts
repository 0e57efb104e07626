// `npm run smoke`: the README's run command, for real: `npm start` on a fresh data directory must
// become healthy, print where to open it and how to log in, serve the web app, and stop on SIGTERM.
import { spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { freePort, repoRoot, stopGroup, waitForHealth } from '../bench/lib.ts';
import { REMOTE_NAMES } from '../openapi/src/remotes.ts';

const port = await freePort();
const dataDir = join(tmpdir(), `frilo-smoke-${process.pid}`);
const child = spawn('npm', ['start', '--silent'], {
  cwd: repoRoot,
  env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'pipe', 'inherit'],
  detached: true,
});
let output = '';
child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
try {
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, 120_000, child);
  await new Promise((r) => setTimeout(r, 200));
  assert.match(output, new RegExp(`Frilo is running at http://localhost:${port}`));
  assert.match(output, /demo@example\.com \/ demo-password/);
  assert.match(output, /admin@example\.com \/ admin-password/);
  const page = await fetch(`${url}/login`, { headers: { accept: 'text/html' } });
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<div id="root"|<html/);
  // The default remotes.json lists exactly the registry's remotes, and each one is served.
  const remotes = (await (await fetch(`${url}/remotes.json`)).json()) as Record<string, string>;
  assert.deepEqual(Object.keys(remotes).sort(), [...REMOTE_NAMES].sort());
  for (const manifest of Object.values(remotes)) {
    assert.equal((await fetch(new URL(manifest, url))).status, 200, manifest);
  }
  assert.ok(await stopGroup(child), 'npm start should stop on SIGTERM within 15 s');
  console.log('smoke: npm start → healthy, logins printed, web app and every remote served, clean stop');
} catch (error) {
  await stopGroup(child);
  console.error(output);
  throw error;
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
