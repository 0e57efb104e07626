// Steps of mf-salaries' end-to-end tests beyond the shared fixtures: a freelancer who can be paid (personal identity
// number and a bank account registered through the built-in provider's page), an invoice sent for real, a BgMax
// file as Bankgirot would write it, and screenshots at the two widths we look at.
import { shotsDir } from '../../tools/testing/screens.ts';
import type { Page } from '@playwright/test';
import { apiGet, apiPatch, apiPost, expect } from './fixtures.ts';

/** Full-page pictures at 375 and 1280 px, for people to look at. */
export async function shoot(page: Page, name: string) {
  const SHOTS = shotsDir('salaries');
  if (!SHOTS) return page.setViewportSize({ width: 1280, height: 860 });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 860 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

export { bgMaxPaying, todayInSweden } from '../../tools/testing/bgmax.ts';

/** The signed-up user becomes payable: a Skatteverket test personal number, 30 % tax, and a Swedbank account. */
export async function makePayable(page: Page, preference: 'payout_monthly' | 'payout_immediate' = 'payout_monthly') {
  await apiPatch(page, '/api/auth/profile', {
    governmentId: '198112189876',
    incomeTaxRate: 30,
    pensionRate: 4.5,
    payoutPreference: preference,
  });
  const start = await apiPost(page, '/api/bank-details/registrations', { locale: 'sv' });
  await page.goto(((await start.json()) as { redirectUrl: string }).redirectUrl);
  await page.getByLabel('Clearingnummer').fill('8327-9');
  await page.getByLabel('Kontonummer').fill('123 456 789-7');
  await page.getByRole('button', { name: 'Spara kontot' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pinebucket-confirmation\?state=/);
}

export type SentInvoice = { id: string; number: number; ocrNumber: string; totalInclVat: number };

/** A customer and an invoice of 10 hours at 1 000 kr + 25 % VAT, sent and delivered (status 3). */
export async function sendInvoice(page: Page): Promise<SentInvoice> {
  const customer = (await (
    await apiPost(page, '/api/customers', {
      type: 'organization',
      name: 'Volvo Personvagnar AB',
      governmentId: '5560360793',
      vatNumber: 'SE556036079301',
      contactPersonEmail: 'anna.berg@volvo.se',
      email: 'invoices@volvo.se',
      invoiceLanguage: 'sv',
      address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '40531', city: 'Göteborg', country: 'SE' },
    })
  ).json()) as { id: string };
  const draft = (await (
    await apiPost(page, '/api/invoices', {
      recipientId: customer.id,
      rows: [{ description: 'Konsultarvode', unitPrice: 100_000, quantity: 10, unit: 'hour', vatPercentage: 25 }],
    })
  ).json()) as { id: string };
  await apiPost(page, `/api/invoices/${draft.id}/send`, {});
  type Got = { statusName: string; number: number; ocrNumber: string; totals: { totalInclVat: number } };
  await expect
    .poll(async () => (await apiGet<Got>(page, `/api/invoices/${draft.id}`)).statusName, { timeout: 20_000 })
    .toBe('sent');
  const got = await apiGet<Got>(page, `/api/invoices/${draft.id}`);
  return { id: draft.id, number: got.number, ocrNumber: got.ocrNumber, totalInclVat: got.totals.totalInclVat };
}
