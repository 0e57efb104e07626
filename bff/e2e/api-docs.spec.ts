// The API docs page works offline and under its Content-Security-Policy (issue 15): Redoc and the page's scripts come
// from the BFF, nothing is fetched from another site, and no script is refused.
import { expect, test } from '@playwright/test';

test('the API docs render from our own files only, without a CSP violation', async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  const elsewhere: string[] = [];
  // Offline: any request to another site fails (and is recorded).
  await page.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith('data:')) return route.continue();
    elsewhere.push(url);
    return route.abort();
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  const response = await page.goto('/api/docs');
  expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self'/);
  await expect(page.getByRole('heading', { name: 'Frilo BFF', level: 1 })).toBeVisible();
  // Both scripts ran: the colour scheme script marked the page, and Redoc hydrated its server-rendered markup.
  await expect(page.locator('html')).toHaveClass(/\b(light|dark)\b/);
  await expect
    .poll(() =>
      page.evaluate(() => Object.keys(document.getElementById('redoc') ?? {}).some((k) => k.startsWith('__react'))),
    )
    .toBe(true);
  expect(refused).toEqual([]);
  expect(elsewhere).toEqual([]);
});
