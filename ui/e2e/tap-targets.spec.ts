// On touch widths every button of the kit (close buttons, icon buttons, small buttons, table and
// card actions) is at least 44 × 44 px to tap; on a desktop the small ones may stay small.
import { expect, test, type Page } from '@playwright/test';

async function smallButtons(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('main button, main a[class*="button"]')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
      })
      .map((element) => {
        const box = element.getBoundingClientRect();
        return { name: element.textContent?.trim() || element.getAttribute('aria-label'), w: box.width, h: box.height };
      })
      .filter((box) => box.w < 44 - 0.5 || box.h < 44 - 0.5),
  );
}

// One page load, measured at each width (the sizes follow the viewport's media queries).
test('at 375 px no button of the gallery is smaller than 44 × 44 px; at 1280 px with a mouse the small buttons keep their desktop size', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/ui-gallery/?hl=en');
  await expect(page.getByRole('heading', { name: 'Frilo UI kit', level: 1 })).toBeVisible();
  expect(await smallButtons(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(async () => (await smallButtons(page)).length).toBeGreaterThan(0);
});
