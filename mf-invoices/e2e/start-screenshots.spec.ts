// Not a test: pictures of the dashboard's start (checklist and next-salary card) at 375 and 1280 px
// in Swedish and English, for people to look at. Runs only when SHOTS_DIR is set (`npm run screenshots`).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { apiWrite, createCustomer, expect, open, signUp, test } from './start-fixtures.ts';

const dir = process.env['SHOTS_DIR'];
test.skip(!dir, 'set SHOTS_DIR to take screenshots');
test.setTimeout(120_000);

for (const lng of ['sv', 'en'] as const) {
  test(`dashboard (${lng})`, async ({ page }) => {
    mkdirSync(dir!, { recursive: true });
    await signUp(page, lng);
    await apiWrite(page, 'PATCH', '/api/auth/profile', { governmentId: '19900101-1239' });
    await createCustomer(page);
    await open(page, '/dashboard/home', lng);
    await expect(page.getByRole('region', { name: lng === 'sv' ? 'Kom igång' : 'Get started' })).toBeVisible();
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      await page.waitForTimeout(150);
      await page.screenshot({ path: join(dir!, `dashboard-${lng}-${width}.png`), fullPage: true });
    }
  });
}
