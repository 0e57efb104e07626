// End-to-end tests: the `e2e/**/*.spec.ts` of the shell, the UI kit and every registered remote, against the built product served by the
// BFF on a free port with a fresh data directory (embedded PostgreSQL), in Debian's Chromium headless shell.
// Build first (`npm run build`); `npm run validate` does.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { REMOTE_NAMES } from './openapi/src/remotes.ts';
import { CHROMIUM_PATH } from './tools/testing/chromium.ts';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

// Decided once in the runner process; workers inherit the environment, so they agree on the URL.
process.env['E2E_PORT'] ??= String(await freePort());
// A path that does not exist yet: the BFF creates it with the permissions embedded PostgreSQL needs.
process.env['E2E_DATA_DIR'] ??= join(tmpdir(), `frilo-e2e-${randomBytes(6).toString('hex')}`);
const port = Number(process.env['E2E_PORT']);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  // The shell's, the UI kit's and every registered remote's specs.
  testMatch: ['shell', 'ui', ...REMOTE_NAMES].map((workspace) => `${workspace}/e2e/**/*.spec.ts`),
  testIgnore: ['**/node_modules/**', '**/dist/**'],
  fullyParallel: true,
  forbidOnly: Boolean(process.env['CI']),
  retries: process.env['CI'] ? 1 : 0,
  // Two on CI's two cores. Four were tried (decision 0040): the whole suite took 28.5 min against 26 on two, with
  // the cores saturated by the browsers and four tests retried; E2E_WORKERS changes it.
  workers: process.env['E2E_WORKERS'] ? Number(process.env['E2E_WORKERS']) : process.env['CI'] ? 2 : undefined,
  // Whole tests that look at a screen in both widths with axe take 20–35 s on the 2-core CI; a broken screen fails
  // its own 10 s expectation long before this.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env['CI'] ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL,
    locale: 'sv-SE',
    // Recording a trace takes a snapshot at every action: it cost the suite a third of its time (decision 0041). On CI
    // the retry of a failed test records one; locally, where there is no retry, a failed test keeps its trace.
    trace: process.env['CI'] ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium', viewport: { width: 1280, height: 860 } } }],
  webServer: {
    command: `"${process.execPath}" bff/src/server.ts`,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env['E2E_DATA_DIR'],
      NODE_ENV: 'development',
      // The suite logs the demo account in many times in parallel.
      RATE_LIMITS: 'false',
      // Argon2id at 1 MiB and one pass, not OWASP's cost: every test signs up or logs in (decision 0050).
      PASSWORD_HASH_COST: 'test',
      LOG_LEVEL: 'warn',
    },
  },
});
