// Every step of the wizard passes the accessibility scan (no serious or critical violations) and is
// laid out without sideways scrolling at 375, 768 and 1280 px, photographed at each when SHOTS_DIR is set
// (SHOTS_DIR/mf-invoices/wizard-*.png).
import { join } from 'node:path';
import {
  createCustomer,
  createInvoice,
  expect,
  GERMAN_COMPANY,
  L,
  open,
  seriousViolations,
  signUp,
  test,
} from './wizard-fixtures.ts';
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';
import { shotsDir } from '../../tools/testing/screens.ts';

const WIDTHS = [375, 768, 1280];

for (const lng of JOURNEY_LANGUAGES) {
  test(`every step: axe and screenshots (${lng})`, async ({ page }) => {
    test.setTimeout(150_000);
    await signUp(page, lng);
    const customer = await createCustomer(page);
    await createCustomer(page, GERMAN_COMPANY);
    const invoice = await createInvoice(page, {
      recipientId: customer.id,
      reference: 'PO 4711',
      rows: [
        { description: 'Webbutveckling', unitPrice: 95000, quantity: 12.5, unit: 'hour', vatPercentage: 25 },
        { description: 'Kurslitteratur', unitPrice: 19990, quantity: 3, unit: 'pcs', vatPercentage: 6 },
      ],
      expenses: [
        {
          type: 'mileage',
          description: 'Kundbesök',
          mileage: { date: '2026-11-20', from: 'Stockholm', to: 'Uppsala', km: 142, purpose: 'Workshop' },
        },
        { type: 'receipt', description: 'Tågbiljett', amount: 45900, vatPercentage: 6 },
      ],
    });
    for (let step = 0; step <= 4; step++) {
      await open(page, `/quotations/edit/${invoice.id}?step=${step}`, lng);
      await expect(page.getByRole('heading', { level: 2, name: L[lng].steps[step] })).toBeVisible();
      if (step === 4) await expect(page.locator('.wizard-salary')).toContainText(L[lng].net);
      expect(await seriousViolations(page), `step ${step}`).toEqual([]);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        const dir = shotsDir('mf-invoices');
        if (dir) await page.screenshot({ path: join(dir, `wizard-step${step}-${lng}-${width}.png`), fullPage: true });
        // Nothing wider than the screen (no sideways scrolling on a phone).
        const overflowing = await page.evaluate(
          (w) =>
            [...document.querySelectorAll('main *')]
              .filter((element) => element.getBoundingClientRect().right > w + 0.5)
              .map((element) => `${element.tagName}.${element.className}`)
              .slice(0, 5),
          width,
        );
        expect(overflowing, `step ${step} at ${width} px`).toEqual([]);
      }
      await page.setViewportSize({ width: 1280, height: 860 });
    }
  });
}
