// The operator's reports (issue 26) as the seeded admin, on the demo data: the employer declaration of the newest
// month with salaries paid out (its XML file downloaded and read), the VAT return and its CSV, the EC sales list, the
// SIE 4 file and the period's reconciliation. Sv and en, axe, screenshots at 375 and 1366 px.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, logIn, seriousViolations, test } from './fixtures.ts';
import { JOURNEY_LANGUAGES, openInLanguage } from '../../tools/testing/e2e.ts';
import { shotsDir } from '../../tools/testing/screens.ts';

test.setTimeout(90_000);

/** Pictures at both widths when SHOTS_DIR asks for them (decision 0040); the last width stays either way. */
async function shoot(page: Page, name: string) {
  const SHOTS = shotsDir('salaries');
  if (!SHOTS) return page.setViewportSize({ width: 1366, height: 900 });
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

async function downloaded(page: Page, link: ReturnType<Page['getByRole']>): Promise<Buffer> {
  const saved = page.waitForEvent('download');
  await link.click();
  return readFileSync(await (await saved).path());
}

for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  // One admin login and page load for the four reports, reached by their tabs (they were four tests, each logging in
  // and loading a report's address; the address of each is its tab's link, checked on the way).
  test(`admin reports: the employer declaration and its XML file, the VAT return and its CSV, the EC sales list, the SIE 4 file and the reconciliation (${lng})`, async ({
    page,
  }) => {
    await logIn(page, 'admin@example.com', 'admin-password');
    await openInLanguage(page, '/admin/reports', lng);
    const tab = (sv: string, en: string) => page.getByRole('link', { name: t(sv, en), exact: true });

    await test.step('the employer declaration and its XML file', async () => {
      await expect(page).toHaveURL(/\/admin\/reports\/employer-declaration$/);
      await expect(page.getByRole('heading', { level: 1, name: t('Rapporter', 'Reports') })).toBeVisible();
      // The month's status, figures, the people (or none), the XML file.
      const agi = page.getByRole('region', {
        name: t('Arbetsgivardeklaration på individnivå', 'Employer declaration at individual level'),
      });
      await expect(agi.getByText(t('Ska vara hos Skatteverket senast', 'Due at Skatteverket by'))).toBeVisible();
      await expect(agi.getByTestId('agi-497')).toBeVisible();
      const xml = (
        await downloaded(page, agi.getByRole('link', { name: t('Ladda ner XML-fil', 'Download XML file') }))
      ).toString('utf8');
      expect(xml).toContain('omrade="Arbetsgivardeklaration"');
      expect(xml).toContain('faltkod="497"');
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `admin-reports-agi-${lng}`);
    });

    await test.step('the VAT return and its CSV', async () => {
      await tab('Momsdeklaration', 'VAT return').click();
      await expect(page).toHaveURL(/\/admin\/reports\/vat-return$/);
      const vat = page.getByRole('region', { name: t('Momsdeklaration', 'VAT return') });
      await expect(vat.getByTestId('vat-box-49').first()).toBeVisible();
      await expect(vat.getByText(t('Utgående moms 25 %', 'Output VAT 25 %')).first()).toBeVisible();
      const csv = (
        await downloaded(page, vat.getByRole('link', { name: t('Ladda ner CSV', 'Download CSV') }))
      ).toString('utf8');
      expect(csv).toMatch(new RegExp(`^\\uFEFF${t('Ruta;Beskrivning', 'Box;Description')}`));
      expect(csv.trim().split('\r\n')).toHaveLength(12);
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `admin-reports-vat-${lng}`);
    });

    await test.step('the EC sales list', async () => {
      await tab('Periodisk sammanställning', 'EC sales list').click();
      await expect(page).toHaveURL(/\/admin\/reports\/ec-sales-list$/);
      const ec = page.getByRole('region', { name: t('Periodisk sammanställning', 'EC sales list') });
      await expect(ec.getByTestId('ec-total')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `admin-reports-ec-${lng}`);
    });

    await test.step('the SIE 4 file and the reconciliation', async () => {
      await tab('Bokföring', 'Bookkeeping').click();
      await expect(page).toHaveURL(/\/admin\/reports\/bookkeeping$/);
      const books = page.getByRole('region', { name: t('Bokföring (SIE 4)', 'Bookkeeping (SIE 4)') });
      const sie = (
        await downloaded(page, books.getByRole('link', { name: t('Ladda ner SIE-fil', 'Download SIE file') }))
      ).toString('latin1');
      expect(sie).toMatch(/^#FLAGGA 0\r\n#FORMAT PC8\r\n#SIETYP 4\r\n/);
      const recon = page.getByRole('region', { name: t('Avstämning', 'Reconciliation') });
      await expect(recon.getByTestId('recon-summary')).toContainText(t('Allt stämmer', 'Everything agrees'));
      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `admin-reports-books-${lng}`);
    });
  });
}

// A freelancer gets no reports screen: shell/e2e/admin-nav.spec.ts 'a freelancer sees no back office and gets not-found
// at every /admin/ URL' opens /admin/reports/employer-declaration as the demo freelancer (the not-found page) and asks
// the VAT return's API (403).
