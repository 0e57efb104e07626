// Each remote deploys alone (issue 22): one remote's built dist/ served from another origin, as a CDN would, and
// pointed at through the BFF's configuration (REMOTE_MANIFESTS) without rebuilding the shell; the page's policy names
// exactly that origin and refuses any other; and a remote built for an older shell contract shows its area's "needs
// updating" state, never a blank page. See deployment.ts for the set-up and docs/shell-remote-contract.md for the
// deploy it proves.
import type { Page } from '@playwright/test';
import { join } from 'node:path';
import { defaultManifestPath, REMOTE_NAMES } from '@frilo/openapi/remotes';
import { CONTRACT_VERSION } from '@frilo/openapi/shell-contract';
import { confirmedAccount, DEMO, login, watchViolations } from './fixtures.ts';
import { expect, SKEWED_CONTRACT_VERSION, test } from './deployment.ts';
import { startCdnServer } from '../../tools/testing/cdn-server.ts';
import { shootWidths } from '../../tools/testing/screens.ts';

// One second instance and one skewed build for the whole file: its tests run in order in one worker.
test.describe.configure({ mode: 'default' });

function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** The responses from one origin, by path. */
function responsesFrom(page: Page, origin: string) {
  const seen = new Map<string, { status: number; headers: Record<string, string> }>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.origin === origin) seen.set(url.pathname, { status: response.status(), headers: response.headers() });
  });
  return seen;
}

test('a remote served from another origin, as a CDN serves it, works under a policy that names exactly that origin', async ({
  page,
  deployment,
}) => {
  const { cdn, manifests } = deployment;
  // The BFF's remotes.json points the configured remotes at the CDN, the rest at itself; revalidated on every load.
  const remotesJson = await page.request.get('/remotes.json');
  expect(remotesJson.headers()['cache-control']).toBe('no-cache');
  expect(await remotesJson.json()).toEqual({
    ...Object.fromEntries(REMOTE_NAMES.map((name) => [name, defaultManifestPath(name)])),
    'mf-customers': manifests.customers,
    'mf-salaries': manifests.skewedSalaries,
  });

  const account = await confirmedAccount(page, { firstName: 'Cdn', lastName: 'Testare' }, 'e2e-cdn');
  const violations = await watchViolations(page);
  const fromCdn = responsesFrom(page, cdn.origin);
  await login(page, account, null);
  const response = await page.goto('/dashboard/customers/create');

  // The page's policy: our origin and the configured CDN, nothing else, in every directive that loads a remote.
  const policy = directives(response!.headers()['content-security-policy'] ?? '');
  const sources = ["'self'", cdn.origin];
  expect(policy.get('script-src')).toEqual(sources);
  expect(policy.get('connect-src')).toEqual(sources);
  expect(policy.get('style-src')).toEqual([...sources, "'unsafe-inline'"]);

  // The remote's screens, its texts and its calls to the API work from there: a customer is created and listed.
  await page.getByRole('radio', { name: 'Privatperson' }).check();
  await page.getByLabel('För- och efternamn').fill('Sven Svensson');
  await page.getByLabel('Personnummer').fill('811218-9876');
  await page.getByLabel('Gatuadress').fill('Storgatan 1');
  await page.getByLabel('Postnummer').fill('12345');
  await page.getByLabel('Ort', { exact: true }).fill('Stockholm');
  await page.getByLabel('E-post', { exact: true }).fill('sven@example.com');
  await page.getByRole('button', { name: 'Skapa kund' }).click();
  await expect(page).toHaveURL('/dashboard/customers');
  await expect(
    page.getByRole('status').filter({ hasText: 'Sven Svensson lades till bland dina kunder.' }),
  ).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: 'Sven Svensson' })).toContainText('Klar att fakturera');

  // Everything of mf-customers came from the CDN, none of it from the BFF, and the CDN answered as a CDN should.
  const manifest = fromCdn.get('/frilo/mf-customers/mf-manifest.json');
  expect(manifest?.status).toBe(200);
  expect(manifest?.headers['access-control-allow-origin']).toBe(deployment.url);
  expect(manifest?.headers['cache-control']).toBe('no-cache');
  expect(manifest?.headers['content-type']).toMatch(/^application\/json/);
  expect(fromCdn.get('/frilo/mf-customers/remoteEntry.js')?.headers['content-type']).toMatch(/^text\/javascript/);
  expect(fromCdn.get('/frilo/mf-customers/locales/sv/customers.json')?.headers['cache-control']).toBe('no-cache');
  const hashed = [...fromCdn.entries()].filter(([path]) => /\.[0-9a-f]{8}\.js$/.test(path));
  expect(hashed.length).toBeGreaterThan(0);
  for (const [path, { headers }] of hashed)
    expect(headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
  expect(cdn.requests.filter((path) => path.startsWith('/frilo/mf-salaries'))).toEqual([]);
  // The manifest a build uploads declares the contract it speaks.
  const uploaded = (await (await fetch(manifests.customers)).json()) as { metaData: Record<string, unknown> };
  expect(uploaded.metaData['shellContractVersion']).toBe(CONTRACT_VERSION);
  expect(await violations()).toEqual([]);
});

test('a remote on an origin the policy does not name is refused: its area shows the error, the rest keeps working', async ({
  page,
  deployment,
}) => {
  // The same build, served with CORS for the shell, from an origin nobody configured.
  const rogue = await startCdnServer({
    mounts: { '/mf-invoices/': join(import.meta.dirname, '..', '..', 'mf-invoices', 'dist') },
    allowOrigins: [deployment.url],
  });
  try {
    await page.route('**/remotes.json', async (route) => {
      const map = (await (await route.fetch()).json()) as Record<string, string>;
      await route.fulfill({ json: { ...map, 'mf-invoices': `${rogue.origin}/mf-invoices/mf-manifest.json` } });
    });
    const violations = await watchViolations(page);
    await login(page, DEMO, '/dashboard/home');

    const error = page.getByRole('alert').filter({ hasText: 'Den här delen kunde inte laddas' });
    await expect(error).toBeVisible({ timeout: 20_000 });
    await expect(error).toContainText('mf-invoices RUNTIME-003');
    // Refused by the browser under the policy: the rogue origin never got a request.
    expect((await violations()).some((line) => line.startsWith(`connect-src ${rogue.origin}/mf-invoices/`))).toBe(true);
    expect(rogue.requests).toEqual([]);

    // Header and sidebar keep working, and the configured CDN's remote still loads.
    await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Kunder' }).click();
    await expect(page.getByRole('heading', { name: 'Kunder', level: 1 })).toBeVisible();
  } finally {
    await rogue.close();
  }
});

const NEEDS_UPDATE = {
  sv: {
    title: 'Den här delen behöver uppdateras',
    text: 'Den här delen av appen är byggd för en äldre version och kan inte visas förrän den har uppdaterats.',
    code: `Kod: mf-salaries kontrakt ${SKEWED_CONTRACT_VERSION} (appen stöder ${CONTRACT_VERSION})`,
    retry: 'Försök igen',
    customers: 'Kunder',
    menu: 'Huvudmeny',
  },
  en: {
    title: 'This part needs updating',
    text: "This part of the app was built for an older version and can't be shown until it has been updated.",
    code: `Code: mf-salaries contract ${SKEWED_CONTRACT_VERSION} (the app supports ${CONTRACT_VERSION})`,
    retry: 'Try again',
    customers: 'Customers',
    menu: 'Main menu',
  },
} as const;

test('a remote built for an older shell contract shows that its part needs updating, in Swedish and English', async ({
  page,
  deployment,
}) => {
  await login(page, DEMO, null);
  const skewed = new URL(deployment.manifests.skewedSalaries).pathname.replace(/mf-manifest\.json$/, '');
  for (const lng of ['sv', 'en'] as const) {
    const t = NEEDS_UPDATE[lng];
    await page.context().addCookies([{ name: 'user_locale', value: lng, url: deployment.url }]);
    await page.goto('/dashboard/salaries/transactions');

    const card = page.getByRole('alert').filter({ hasText: t.title });
    await expect(card).toBeVisible();
    await expect(card.getByRole('heading', { level: 1, name: t.title })).toBeVisible();
    await expect(card).toContainText(t.text);
    await expect(card).toContainText(t.code);
    await expect(card.getByRole('button', { name: t.retry })).toBeVisible();
    // The shell's frame is there around it.
    await expect(page.getByRole('navigation', { name: t.menu })).toBeVisible();
    // For people to look at (the CI run takes none).
    if (process.env['SHOTS_DIR'])
      await shootWidths(page, `shell-remote-needs-update-${lng}`, async () => expect(card).toBeVisible());
  }
  // Decided from the manifest alone: none of the skewed remote's code was fetched, let alone run.
  const skewedFiles = deployment.cdn.requests.filter((path) => path.startsWith(skewed));
  expect(skewedFiles.length).toBeGreaterThan(0);
  expect(skewedFiles.filter((path) => !path.endsWith('/mf-manifest.json') && !path.includes('/locales/'))).toEqual([]);

  // The rest of the app works: another area opens from the sidebar.
  await page.getByRole('navigation', { name: NEEDS_UPDATE.en.menu }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { name: NEEDS_UPDATE.en.customers, level: 1 })).toBeVisible();
});
