// The back-office screens of mf-salaries, as the seeded admin: /admin/payments (the demo's unmatched payment and the
// match dialog's invoice lookup), /admin/payouts (the demo's payout file, making a file, its download, a status
// report that is not one), /admin/exchange-rates (a rate by hand, the Riksbank CSV, a bad file named by line); a
// freelancer gets no admin screen. Sv and en, axe, screenshots at 375 and 1280 px.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, logIn, seriousViolations, test } from './fixtures.ts';
import { shoot } from './salary-steps.ts';
import { JOURNEY_LANGUAGES, openInLanguage, sidewaysOverflow } from '../../tools/testing/e2e.ts';
import { shotsDir } from '../../tools/testing/screens.ts';

const FIXTURES = join(import.meta.dirname, '..', '..', 'bff', 'test', 'fixtures', 'back-office');

test.setTimeout(90_000);

for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`admin payments: the demo's unmatched payment and the match dialog (${lng})`, async ({ page }) => {
    await logIn(page, 'admin@example.com', 'admin-password');
    await openInLanguage(page, '/admin/payments', lng);
    const waiting = page.getByRole('region', { name: t('Väntar på matchning', 'Waiting for matching') });
    await expect(waiting.getByText('Okänd Betalare AB').first()).toBeVisible();
    await expect(waiting.getByText(t('Ingen referens', 'No reference')).first()).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `admin-payments-${lng}`);
    await page.setViewportSize({ width: 1280, height: 860 });

    await waiting
      .getByRole('button', { name: new RegExp(`^${t('Matcha', 'Match')}`) })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(t('Fakturanummer eller OCR-referens', 'Invoice number or OCR reference')).fill('abc');
    await dialog.getByRole('button', { name: t('Hitta faktura', 'Find invoice') }).click();
    await expect(
      dialog.getByText(
        t(
          'Ange fakturanumret eller OCR-referensen, bara siffror.',
          'Enter the invoice number or the OCR reference, digits only.',
        ),
      ),
    ).toBeVisible();
    await dialog.getByLabel(t('Fakturanummer eller OCR-referens', 'Invoice number or OCR reference')).fill('999999');
    await dialog.getByRole('button', { name: t('Hitta faktura', 'Find invoice') }).click();
    await expect(
      dialog.getByText(
        t('Ingen faktura har det numret eller den referensen.', 'No invoice has this number or reference.'),
      ),
    ).toBeVisible();
    // The demo's partly paid invoice is found with what is still owed.
    await dialog.getByLabel(t('Fakturanummer eller OCR-referens', 'Invoice number or OCR reference')).fill('1002');
    await dialog.getByRole('button', { name: t('Hitta faktura', 'Find invoice') }).click();
    await expect(dialog.getByText(t('Kvar att betala', 'Still owed'))).toBeVisible();
    await expect(dialog.getByRole('button', { name: t('Matcha och bokför', 'Match and book') })).toBeEnabled();
    expect(await seriousViolations(page)).toEqual([]);
    const dir = shotsDir('salaries');
    if (dir) await page.screenshot({ path: join(dir, `admin-match-${lng}-1280.png`) });
    await dialog.getByRole('button', { name: t('Avbryt', 'Cancel') }).click();
    await expect(dialog).toBeHidden();
  });

  test(`admin payouts: the files, making one, downloading, a report that is not one (${lng})`, async ({ page }) => {
    await logIn(page, 'admin@example.com', 'admin-password');
    await openInLanguage(page, '/admin/payouts', lng);
    const files = page.getByRole('region', { name: t('Utbetalningsfiler', 'Payout files') });
    const download = files.getByRole('link', { name: new RegExp(`^${t('Ladda ner fil', 'Download file')}`) }).first();
    await expect(download).toBeVisible();
    // The page is as wide as the window at 1280 px: a wide table scrolls in its own frame, the cards stay in view.
    expect(await sidewaysOverflow(page.locator('html'))).toBe(0);
    const saved = page.waitForEvent('download');
    await download.click();
    const xml = readFileSync(await (await saved).path()).toString('utf8');
    expect(xml).toContain('pain.001.001.03');

    await page.getByRole('button', { name: t('Skapa filen', 'Make the file') }).click();
    await expect(
      page.getByText(
        new RegExp(
          t(
            'Inget ska betalas ut|Fil skapad för|Filen för .* är redan skapad',
            'Nothing is due|File made for|The file for .* was made before',
          ),
        ),
      ),
    ).toBeVisible();

    await page.getByLabel(t('Statusrapport (pain.002)', 'Status report (pain.002)')).setInputFiles({
      name: 'report.xml',
      mimeType: 'application/xml',
      buffer: Buffer.from('<?xml version="1.0"?><Document><nothing/></Document>'),
    });
    await page.getByRole('button', { name: t('Importera rapport', 'Import report') }).click();
    await expect(page.getByRole('alert').filter({ hasText: t('Inget ändrades.', 'Nothing changed.') })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `admin-payouts-${lng}`);
  });

  test(`admin exchange rates: by hand, the Riksbank CSV, a bad file (${lng})`, async ({ page }) => {
    await logIn(page, 'admin@example.com', 'admin-password');
    await openInLanguage(page, '/admin/exchange-rates', lng);
    await expect(page.getByRole('heading', { level: 1, name: t('Växelkurser', 'Exchange rates') })).toBeVisible();

    // By hand: a wrong value is named on its field; a right one is saved and listed.
    const day = lng === 'sv' ? '2026-06-01' : '2026-06-02';
    const manual = page.getByRole('region', { name: t('Lägg in en kurs för hand', 'Enter a rate by hand') });
    await manual.getByLabel(t('Valuta', 'Currency')).selectOption('GBP');
    await manual.getByLabel(t('Dag', 'Day')).fill(day);
    await manual.getByLabel(t('Kronor för en enhet', 'SEK for one unit')).fill('12,34,5');
    await manual.getByRole('button', { name: t('Spara kurs', 'Save rate') }).click();
    await expect(
      manual.getByText(t('Ange kronor för en enhet', 'Enter SEK for one unit'), { exact: false }).first(),
    ).toBeVisible();
    await manual.getByLabel(t('Kronor för en enhet', 'SEK for one unit')).fill(t('12,3456', '12.3456'));
    await manual.getByRole('button', { name: t('Spara kurs', 'Save rate') }).click();
    await expect(
      manual.getByText(t('Sparad: 1 GBP = 12,3456 kr', 'Saved: 1 GBP = SEK 12.3456'), { exact: false }),
    ).toBeVisible();
    const table = page.getByRole('region', { name: t('Kurserna', 'The rates') });
    await table.getByLabel(t('Valuta', 'Currency')).selectOption('GBP');
    await table.getByLabel(t('Från', 'From')).fill(day);
    await table.getByLabel(t('Till', 'To')).fill(day);
    await expect(table.getByText(t('12,3456', '12.3456'))).toBeVisible();
    await expect(table.getByText(t('För hand', 'By hand'))).toBeVisible();

    // The Riksbank's CSV.
    const csv = page.getByLabel(t('CSV-fil från Riksbanken', 'CSV file from the Riksbank'));
    await csv.setInputFiles(join(FIXTURES, 'riksbank-long.csv'));
    await page.getByRole('button', { name: t('Importera', 'Import'), exact: true }).click();
    await expect(page.getByTestId('rates-import-result')).toContainText(t('Kurser i filen:', 'Rates in the file:'));

    // A bad file: nothing stored, every bad line named.
    await csv.setInputFiles({
      name: 'bad.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from('Datum;Grupp;Serie;Värde\n2026-13-40;Valutor mot svenska kronor;SEKEURPMI;11,05\n'),
    });
    await page.getByRole('button', { name: t('Importera', 'Import'), exact: true }).click();
    await expect(page.getByText(t('Rad 2:', 'Line 2:'), { exact: false })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `admin-rates-${lng}`);
  });
}
