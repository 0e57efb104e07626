// The old product's records (docs/product/legacy.md): the demo freelancer's invoices and payouts, sorted, with
// the totals of every year, in both languages; and nobody without the legacy flag gets there.
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';
import { DEMO, expect, freshFreelancer, login, open, seriousViolations, shoot, test } from './fixtures.ts';

// Screenshots at two widths on a shared machine take longer than the default.
test.setTimeout(120_000);
for (const lng of ['sv', 'en'] as const) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`old invoices: every year's totals, sorting by a column, paid or not; then the old payouts (${lng})`, async ({
    page,
  }) => {
    await login(page, DEMO);
    await open(page, '/dashboard/legacy/invoices', lng);
    await expect(page.getByRole('heading', { level: 1, name: t('Gamla Frilo', 'Old Frilo') })).toBeVisible();

    const years = page.getByRole('table', { name: t('Summor per år', 'Totals per year') });
    // 2023: six SEK invoices, 220 685,66 kr in all (the seed's six amounts added up).
    const row2023 = years.getByRole('row').filter({ hasText: '2023' });
    await expect(row2023).toContainText(t('220\u00a0685,66\u00a0kr', 'SEK\u00a0220,685.66'));
    // 2024 in SEK has a credit invoice (−3 444,53) and one unpaid; EUR is its own line.
    await expect(years.getByRole('row').filter({ hasText: 'EUR' })).toHaveCount(2);

    const list = page.getByRole('table', { name: t('Alla gamla fakturor', 'All old invoices') });
    const rows = list.getByRole('row');
    await expect(rows).toHaveCount(15);
    // Newest invoice first by default.
    await expect(rows.nth(1)).toContainText('4191');
    await expect(rows.nth(1)).toContainText(t('Obetald', 'Unpaid'));

    await list.getByRole('button', { name: t('Summa', 'Total') }).click();
    await expect(page).toHaveURL(/sort=total/);
    await expect(list.getByRole('columnheader', { name: t('Summa', 'Total') })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(rows.nth(1)).toContainText('4107');
    await list.getByRole('button', { name: t('Summa', 'Total') }).click();
    await expect(list.getByRole('columnheader', { name: t('Summa', 'Total') })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(rows.nth(1)).toContainText('4163');
    await expect(rows.nth(1)).toContainText(t('−3\u00a0444,53\u00a0kr', '−SEK\u00a03,444.53'));
    // The sort is in the URL: reload keeps it.
    await page.reload();
    await expect(rows.nth(1)).toContainText('4163');

    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `legacy-invoices-${lng}`, () => expect(page.getByText('4163').first()).toBeVisible());

    // The payouts, reached from here. Their English run is a journey's English half (decision 0044): the invoices'
    // list above keeps this remote's English in a browser (the same table, totals and sorting), English amounts are
    // ui/src/format/money.test.ts's.
    if (!JOURNEY_LANGUAGES.includes(lng)) return;
    await test.step('old payouts: totals per year and the one not paid out', async () => {
      await page.getByRole('link', { name: t('Utbetalningar', 'Payouts') }).click();
      await expect(page).toHaveURL(/\/dashboard\/legacy\/payouts/);

      const years = page.getByRole('table', { name: t('Summor per år', 'Totals per year') });
      await expect(years.getByRole('row')).toHaveCount(4);
      // 2025: three payouts, net 17 300,70 + 28 048,95 + 14 764,85 (the last by its created date, not paid out).
      await expect(years.getByRole('row').filter({ hasText: '2025' })).toContainText(
        t('60\u00a0114,50\u00a0kr', 'SEK\u00a060,114.50'),
      );
      const list = page.getByRole('table', { name: t('Alla gamla utbetalningar', 'All old payouts') });
      await expect(list.getByRole('row')).toHaveCount(11);
      await expect(list.getByRole('row').nth(1)).toContainText(t('Ej utbetald', 'Not paid out'));

      await list.getByRole('button', { name: t('Nettolön', 'Net salary') }).click();
      await expect(list.getByRole('row').nth(1)).toContainText(t('28\u00a0048,95', '28,048.95'));

      expect(await seriousViolations(page)).toEqual([]);
      await shoot(page, `legacy-payouts-${lng}`, () =>
        expect(page.getByRole('heading', { name: t('Alla gamla utbetalningar', 'All old payouts') })).toBeVisible(),
      );
    });
  });
}

test('a freelancer without the legacy flag sees no "Old Frilo" and gets not-found there', async ({ page }) => {
  await freshFreelancer(page);
  await page.goto('/dashboard/legacy/invoices');
  await expect(page.getByRole('heading', { name: 'Sidan finns inte' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Gamla Frilo' }),
  ).toHaveCount(0);
});

test('on a phone the old invoices are cards, sorted with a choice above them', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await login(page, DEMO);
  await open(page, '/dashboard/legacy/invoices', 'en');
  await page.getByLabel('Sort by').selectOption({ label: 'Total, lowest or oldest first' });
  await expect(page).toHaveURL(/sort=total&order=asc/);
  const cards = page.getByRole('list', { name: 'All old invoices' }).getByRole('listitem');
  await expect(cards.first()).toContainText('4163');
});
