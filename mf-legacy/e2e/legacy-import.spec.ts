// The admin's import of the old system's records (docs/product/legacy.md#the-import-format): a bad file is rejected
// whole with its lines named; a good one is stored and links the records to the account, which gets the legacy flag;
// the same file again changes nothing. In Swedish and English, with axe and screenshots.
import { ADMIN, expect, freshFreelancer, login, open, seriousViolations, shoot, test } from './fixtures.ts';
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';

test.setTimeout(120_000);

for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`an admin imports old invoices: bad lines first, then the fixed file, then the same again (${lng})`, async ({
    page,
    browser,
  }) => {
    const freelancerContext = await browser.newContext();
    const freelancerPage = await freelancerContext.newPage();
    const freelancer = await freshFreelancer(freelancerPage);

    await login(page, ADMIN);
    await open(page, '/admin/legacy-import', lng);
    await expect(
      page.getByRole('heading', { level: 1, name: t('Importera gamla poster', 'Import old records') }),
    ).toBeVisible();
    // No file chosen: the form says so.
    await page.getByRole('button', { name: t('Importera fil', 'Import file') }).click();
    await expect(page.getByText(t('Välj en CSV-fil att importera.', 'Choose a CSV file to import.'))).toBeVisible();

    const header = 'email;number;recipient;paid;invoiceDate;dueDate;total';
    const bad = [
      header,
      `${freelancer.email};A-1;Kund AB;ja;2024-13-01;2024-02-01;1 000,00`,
      `nobody-${Date.now()}@example.com;A-2;Kund AB;nej;2024-01-01;2024-02-01;500`,
    ].join('\n');
    await page
      .getByLabel(t('CSV-fil', 'CSV file'))
      .setInputFiles({ name: 'old.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await page.getByRole('button', { name: t('Importera fil', 'Import file') }).click();
    await expect(
      page.getByText(
        t(
          'Filen avvisades: 2 felaktiga rader. Inget sparades.',
          'The file was rejected: 2 bad lines. Nothing was stored.',
        ),
      ),
    ).toBeVisible();
    await expect(page.getByText(t('Rad 2 · kolumn invoiceDate', 'Line 2 · column invoiceDate'))).toBeVisible();
    await expect(page.getByText(t('Rad 3', 'Line 3'), { exact: false })).toContainText(
      t('inget konto med denna e-post', 'no account with this email'),
    );
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `legacy-import-rejected-${lng}`, () =>
      expect(page.getByText(t('Rad 2', 'Line 2')).first()).toBeVisible(),
    );

    const good = [
      header,
      `${freelancer.email};A-1;Kund AB;ja;2024-01-15;2024-02-14;1 000,00`,
      `${freelancer.email};A-2;Kund AB;nej;2024-03-01;2024-03-31;500`,
    ].join('\n');
    const file = { name: `old-${lng}.csv`, mimeType: 'text/csv', buffer: Buffer.from(good) };
    await page.getByLabel(t('CSV-fil', 'CSV file')).setInputFiles(file);
    await page.getByRole('button', { name: t('Importera fil', 'Import file') }).click();
    await expect(page.getByText(t('Filen importerades.', 'The file was imported.'))).toBeVisible();
    await expect(
      page.getByText(
        t(
          '2 poster i filen: 2 sparade, 0 fanns redan, 1 konton.',
          '2 records in the file: 2 stored, 0 already there, 1 accounts.',
        ),
      ),
    ).toBeVisible();

    await page.getByLabel(t('CSV-fil', 'CSV file')).setInputFiles(file);
    await page.getByRole('button', { name: t('Importera fil', 'Import file') }).click();
    await expect(
      page.getByText(
        t(
          'Exakt denna fil har importerats tidigare; inget ändrades.',
          'This exact file was imported before; nothing changed.',
        ),
      ),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: t('Tidigare importer', 'Earlier imports') })).toContainText(
      `old-${lng}.csv`,
    );

    // The freelancer now has the legacy flag and sees the records.
    await freelancerPage.goto('/dashboard/legacy/invoices');
    await expect(freelancerPage.getByRole('table', { name: 'Alla gamla fakturor' }).getByRole('row')).toHaveCount(3);
    await freelancerContext.close();
  });
}
