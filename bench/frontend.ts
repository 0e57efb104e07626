// Frontend figures against a running product, in Debian's Chromium (issue 3, "Speed"):
// - the JavaScript of the first load of /login as the server sent it (brotli from the BFF), against
//   150 KB, and gzip -9 of each body (compressed here, whatever the server sends) split into shell /
//   mf-auth;
// - /login interactive: navigation start → the email field accepts typing and the submit button is
//   visible and enabled, measured in the page; median of 5 cold loads (fresh context, cache off)
//   and 5 warm loads (same context, HTTP cache on), against 1 s;
// - each remote's own JavaScript (from /remotes/<name>/) for its first screen, logged in as the
//   demo user, against 60 KB.
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type BrowserContext, type Page, type Response } from '@playwright/test';
import { REMOTES } from '../openapi/src/remotes.ts';
import { CHROMIUM_PATH } from '../tools/testing/chromium.ts';

const KB = 1024;
const LOGIN_BUDGET_BYTES = 150 * KB;
const REMOTE_BUDGET_BYTES = 60 * KB;
const INTERACTIVE_BUDGET_MS = 1000;
const RUNS = 5;
const DEMO = { email: 'demo@example.com', password: 'demo-password' };

/** Each remote's first screen, from the registry (mf-auth's is /login, measured with the first load). */
const FIRST_SCREENS = REMOTES.filter((remote) => remote.firstScreen !== '/login').map((remote) => ({
  remote: remote.name,
  path: remote.firstScreen,
}));

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

type Row = Record<string, string | number>;

type Script = { path: string; owner: string; bytes: number; gzip: number };

/** `shell` for the host's files, the remote's name for `/remotes/<name>/…`. */
export function ownerOf(pathname: string): string {
  return /^\/remotes\/([^/]+)\//.exec(pathname)?.[1] ?? 'shell';
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

function verdict(value: number, budget: number, unit: (n: number) => string): string {
  return value <= budget ? `ok (${unit(budget - value)} under)` : `OVER by ${unit(value - budget)}`;
}

/**
 * Runs in the page before any of its scripts: watches the DOM until the login form can be used,
 * then waits for the next frame to be painted and records `performance.now()` (milliseconds since
 * navigation start) plus a `frilo:login-interactive` performance mark.
 */
function watchLoginInteractive(): void {
  const w = window as unknown as { __friloLogin?: { domReady: number; interactive: number } };
  const visible = (element: Element) =>
    element.isConnected && element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
  const ready = () => {
    const email = document.getElementById('login-email');
    if (!(email instanceof HTMLInputElement) || !email.form) return false;
    const submit = email.form.querySelector('button[type="submit"], input[type="submit"]');
    if (!(submit instanceof HTMLButtonElement || submit instanceof HTMLInputElement)) return false;
    return !email.disabled && !email.readOnly && !submit.disabled && visible(email) && visible(submit);
  };
  let done = false;
  const check = () => {
    if (done || !ready()) return;
    done = true;
    observer.disconnect();
    const domReady = performance.now();
    requestAnimationFrame(() => {
      // After the frame: the form is on screen.
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        performance.mark('frilo:login-interactive');
        w.__friloLogin = { domReady, interactive: performance.now() };
      };
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'readonly', 'hidden', 'class', 'style'],
  });
}

type LoadTiming = { interactive: number; domReady: number; fcp: number; responseEnd: number };

async function newContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    locale: 'sv-SE',
    viewport: { width: 1280, height: 860 },
  });
  await context.addInitScript(watchLoginInteractive);
  return context;
}

async function disableCache(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
}

/** Loads /login and returns the in-page timings. */
async function timeLogin(page: Page): Promise<LoadTiming> {
  await page.goto('/login', { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as { __friloLogin?: unknown }).__friloLogin, null, { timeout: 30_000 });
  return page.evaluate(() => {
    const mark = (window as unknown as { __friloLogin: { domReady: number; interactive: number } }).__friloLogin;
    const navigation = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    return { interactive: mark.interactive, domReady: mark.domReady, fcp, responseEnd: navigation?.responseEnd ?? 0 };
  });
}

/** Records every JavaScript response of the page (bodies as the browser decoded them). */
function recordScripts(page: Page): () => Promise<Script[]> {
  const pending: Promise<Script | null>[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    const isScript = response.request().resourceType() === 'script' || /\.m?js$/.test(url.pathname);
    if (!isScript || response.status() !== 200) return;
    pending.push(
      response.body().then(
        (body) => ({
          path: url.pathname,
          owner: ownerOf(url.pathname),
          bytes: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        }),
        () => null,
      ),
    );
  });
  return async () => (await Promise.all(pending)).filter((script): script is Script => script !== null);
}

function sumBy(scripts: Script[], owner?: string): number {
  return scripts.filter((script) => owner === undefined || script.owner === owner).reduce((n, s) => n + s.gzip, 0);
}

/** What the browser received for the page's scripts (brotli or gzip as served). */
async function transferredScriptBytes(page: Page): Promise<number> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      // Scripts and preloaded scripts (initiator `link`).
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .reduce((sum, entry) => sum + (entry as PerformanceResourceTiming).encodedBodySize, 0),
  );
}

async function firstLoad(browser: Browser, baseUrl: string): Promise<{ rows: Row[]; authBytes: number }> {
  const context = await newContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await disableCache(page);
    const scripts = recordScripts(page);
    await timeLogin(page);
    await page.waitForLoadState('networkidle');
    // The form really takes input.
    await page.locator('#login-email').fill(DEMO.email);
    if ((await page.locator('#login-email').inputValue()) !== DEMO.email)
      throw new Error('the email field ignored typing');
    const all = await scripts();
    const transferred = await transferredScriptBytes(page);
    const total = sumBy(all);
    const others = [...new Set(all.map((script) => script.owner))].filter((o) => o !== 'shell' && o !== 'mf-auth');
    const rows: Row[] = [
      { measure: '/login first load JS: shell (incl. React & shared libs)', value: kb(sumBy(all, 'shell')) },
      { measure: '/login first load JS: mf-auth', value: kb(sumBy(all, 'mf-auth')) },
      ...others.map((owner) => ({ measure: `/login first load JS: ${owner}`, value: kb(sumBy(all, owner)) })),
      { measure: `/login first load JS: total (${all.length} files, gzip -9)`, value: kb(total) },
      {
        // The budget counts what is sent (npm run budget gates the same figure from the build).
        measure: '/login first load JS as sent (Content-Encoding of the server)',
        value: kb(transferred),
        budget: kb(LOGIN_BUDGET_BYTES),
        result: verdict(transferred, LOGIN_BUDGET_BYTES, kb),
      },
      { measure: '/login first load JS uncompressed', value: kb(all.reduce((n, s) => n + s.bytes, 0)) },
    ];
    return { rows, authBytes: sumBy(all, 'mf-auth') };
  } finally {
    await context.close();
  }
}

async function interactive(browser: Browser, baseUrl: string): Promise<Row[]> {
  // One throw-away load so the browser process itself is warm.
  {
    const context = await newContext(browser, baseUrl);
    await timeLogin(await context.newPage());
    await context.close();
  }
  const cold: LoadTiming[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await context.newPage();
      await disableCache(page);
      cold.push(await timeLogin(page));
    } finally {
      await context.close();
    }
  }
  const warm: LoadTiming[] = [];
  const context = await newContext(browser, baseUrl);
  try {
    const page = await context.newPage();
    await timeLogin(page);
    await page.waitForLoadState('networkidle');
    for (let run = 0; run < RUNS; run += 1) warm.push(await timeLogin(page));
  } finally {
    await context.close();
  }
  const rows: Row[] = [];
  for (const [label, runs] of [
    ['cold', cold],
    ['warm', warm],
  ] as const) {
    const value = median(runs.map((run) => run.interactive));
    rows.push({
      measure: `/login interactive, ${label} (median of ${RUNS}; ${runs.map((r) => Math.round(r.interactive)).join(', ')})`,
      value: ms(value),
      budget: ms(INTERACTIVE_BUDGET_MS),
      result: verdict(value, INTERACTIVE_BUDGET_MS, ms),
    });
    rows.push({
      measure: `/login first contentful paint, ${label} (median)`,
      value: ms(median(runs.map((r) => r.fcp))),
    });
  }
  return rows;
}

async function loginAsDemo(page: Page): Promise<void> {
  await page.goto('/api/health');
  const csrf = (await page.context().cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  const response = await page.request.post('/api/auth/login', {
    data: DEMO,
    headers: csrf ? { 'X-CSRF-Token': csrf } : {},
  });
  if (response.status() !== 200) throw new Error(`demo login answered ${response.status()}: ${await response.text()}`);
}

/** A remote's own first-screen JS from its manifest (remoteEntry + the exposed module), over HTTP. */
async function fromManifest(baseUrl: string, remote: string): Promise<number> {
  const base = `${baseUrl}/remotes/${remote}/`;
  const manifest = (await (await fetch(`${base}mf-manifest.json`)).json()) as {
    metaData: { remoteEntry: { name: string; path: string } };
    exposes: { assets: { js: { sync: string[] } } }[];
  };
  const entry = [manifest.metaData.remoteEntry.path, manifest.metaData.remoteEntry.name].filter(Boolean).join('/');
  const files = [entry, ...manifest.exposes.flatMap((expose) => expose.assets.js.sync)];
  let total = 0;
  for (const file of files) {
    const body = Buffer.from(await (await fetch(new URL(file, base))).arrayBuffer());
    total += gzipSync(body, { level: 9 }).length;
  }
  return total;
}

async function remoteFirstScreens(browser: Browser, baseUrl: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const { remote, path } of FIRST_SCREENS) {
    const context = await newContext(browser, baseUrl);
    try {
      const page = await context.newPage();
      await loginAsDemo(page);
      await disableCache(page);
      const scripts = recordScripts(page);
      await page.goto(path);
      await page.locator('.remote-root > *').first().waitFor({ timeout: 30_000 });
      await page.waitForLoadState('networkidle');
      const all = await scripts();
      const own = sumBy(all, remote);
      const landed = new URL(page.url()).pathname;
      if (own === 0 || !landed.startsWith(path)) {
        const measured = await fromManifest(baseUrl, remote);
        rows.push({
          measure: `${remote} own JS (${path} not shown: landed on ${landed}; remoteEntry + exposed module from the manifest)`,
          value: kb(measured),
          budget: kb(REMOTE_BUDGET_BYTES),
          result: verdict(measured, REMOTE_BUDGET_BYTES, kb),
        });
        continue;
      }
      const files = all.filter((script) => script.owner === remote).length;
      rows.push({
        measure: `${remote} own JS for ${path} (${files} files; whole page ${kb(sumBy(all))})`,
        value: kb(own),
        budget: kb(REMOTE_BUDGET_BYTES),
        result: verdict(own, REMOTE_BUDGET_BYTES, kb),
      });
    } finally {
      await context.close();
    }
  }
  return rows;
}

export async function benchFrontend(baseUrl: string): Promise<Record<string, string | number>[]> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  });
  try {
    const login = await firstLoad(browser, baseUrl);
    const timings = await interactive(browser, baseUrl);
    // mf-auth's first screen is /login: its own JS is the mf-auth part of the first load.
    const auth: Row = {
      measure: 'mf-auth own JS for /login',
      value: kb(login.authBytes),
      budget: kb(REMOTE_BUDGET_BYTES),
      result: verdict(login.authBytes, REMOTE_BUDGET_BYTES, kb),
    };
    return [...login.rows, ...timings, auth, ...(await remoteFirstScreens(browser, baseUrl))];
  } finally {
    await browser.close();
  }
}
