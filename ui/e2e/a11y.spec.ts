// Every component of the kit passes axe (WCAG 2.1 A/AA, serious and critical findings), in both
// languages and at phone and desktop width: the gallery shows them all.
import { expect, test } from '@playwright/test';
import { seriousViolations } from '../../tools/testing/e2e.ts';

// One page load per language, scanned at each width (the layout follows the viewport; a page load per width cost a
// whole load and axe's injection more, for the same scans).
for (const hl of ['sv', 'en'] as const) {
  test(`the gallery passes axe (${hl}, 375 and 1280 px)`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`/ui-gallery/?hl=${hl}`);
    await expect(page.getByRole('heading', { name: 'Frilo UI kit', level: 1 })).toBeVisible();
    for (const width of [375, 1280]) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        expect(await seriousViolations(page)).toEqual([]);
      });
    }
  });
}

test('the gallery is not served in production', async ({ request }) => {
  // The e2e server runs in development; production refusing it is tested in the BFF
  // (bff/src/platform/http/static-files.test.ts). Here: it is there when it should be.
  expect((await request.get('/ui-gallery/')).status()).toBe(200);
});
