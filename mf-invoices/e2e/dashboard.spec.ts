// The home screen's widgets from getDashboardSummary (and the payments module's getPayoutSummary): the demo
// freelancer's outstanding, paid this month, next payout and latest invoices, each opening its page. sv and en, axe,
// screenshots. A new user's zeros are start-checklist.spec.ts's.
import { apiWrite, expect, open, seriousViolations, shoot, test } from './invoice-fixtures.ts';

// A fresh account, invoices through the API and a real browser: slower than the default on a shared machine.
test.describe.configure({ timeout: 60_000 });

// A new user's zeros, next-salary card and way to the first invoice (one read of the summary, axe, the picture
// dashboard-new-user-sv): start-checklist.spec.ts's new-user test, on the same first load as the checklist.

for (const lng of ['en', 'sv'] as const) {
  test(`${lng}: the demo freelancer's figures and latest invoices`, async ({ page }) => {
    test.setTimeout(60_000);
    await apiWrite(page, 'POST', '/api/auth/login', { email: 'demo@example.com', password: 'demo-password' });
    const summary = await (await page.request.get('/api/dashboard/summary')).json();
    const payouts = await (await page.request.get('/api/salaries/payout-summary')).json();
    await open(page, '/dashboard/home', lng);
    const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);
    const money = (minor: number, currency = 'SEK') => {
      const amount = new Intl.NumberFormat(lng === 'sv' ? 'sv-SE' : 'en-GB', { minimumFractionDigits: 2 }).format(
        minor / 100,
      );
      return lng === 'sv' ? `${amount} ${currency === 'SEK' ? 'kr' : currency}` : `${currency} ${amount}`;
    };
    // The demo has money outstanding (sent, partly paid) and paid this month (the payments demo).
    expect(summary.outstanding.length).toBeGreaterThan(0);
    expect(summary.paidThisMonth.length).toBeGreaterThan(0);
    const outstanding = page.getByRole('region', { name: t('Obetalt', 'Outstanding') });
    for (const amount of summary.outstanding)
      await expect(outstanding).toContainText(money(amount.amount, amount.currency));
    const paid = page.getByRole('region', { name: t('Betalt denna månad', 'Paid this month') });
    for (const amount of summary.paidThisMonth) await expect(paid).toContainText(money(amount.amount, amount.currency));
    // The payments module's next payout, or what is available now, or the estimate.
    const payout = page.getByRole('region', { name: t('Nästa utbetalning', 'Next payout') });
    const expected =
      payouts.nextPayout?.amount ??
      (payouts.availableNow > 0 ? payouts.availableNow : summary.nextPayout.estimatedAmount);
    await expect(payout).toContainText(money(expected));
    // …in the salaries list's words, each with its day (issue 24): the payouts on their way, the salaries the customers
    // have paid and when they leave, and what happened to the latest payout; never "Den 2 dec, lönen från 1 faktura".
    type Row = { status: string; expectedPayoutDate: string | null; payoutDate: string | null };
    const rows = async (query: string) =>
      ((await (await page.request.get(`/api/salaries/transactions?${query}`)).json()) as { items: Row[] }).items;
    const waiting = await rows('kind=salary&status=completed_invoice&pageSize=100');
    const payoutRows = await rows('kind=payout');
    const thisYear = new Date().getFullYear().toString();
    const short = (iso: string) =>
      new Intl.DateTimeFormat(lng === 'sv' ? 'sv-SE' : 'en-GB', {
        day: 'numeric',
        month: 'short',
        ...(iso.startsWith(thisYear) ? {} : { year: 'numeric' }),
        timeZone: 'UTC',
      }).format(new Date(`${iso}T00:00:00Z`));
    const words: string[] = [];
    for (const row of payoutRows.filter((r) => r.status === 'initiated'))
      words.push(t('På väg till ditt konto · ', 'On its way to your account · ') + short(row.payoutDate!));
    for (const day of new Set(waiting.map((r) => r.expectedPayoutDate)))
      words.push(
        day
          ? t('Kunden har betalat · utbetalning ', 'Customer has paid · payout ') + short(day)
          : t('Kunden har betalat · registrera ditt lönekonto', 'Customer has paid · register your salary account'),
      );
    const done = payoutRows.find((r) => r.status !== 'initiated');
    if (done?.status === 'completed_transaction') words.push(t('Utbetald ', 'Paid out ') + short(done.payoutDate!));
    if (done?.status === 'failed_after_complete') words.push(t('Nekad av banken', 'Denied by the bank'));
    expect(words.length).toBeGreaterThan(0);
    const lines = payout.getByTestId('payout-lines').getByRole('listitem');
    await expect(lines).toHaveCount(words.length);
    for (const [index, said] of words.entries()) await expect(lines.nth(index)).toContainText(said);
    await expect(payout).not.toContainText(t('från', 'from'));
    await expect(payout).not.toContainText(/\bBetald\b|\bPaid\b(?! out)/);
    // The demo freelancer has done every step of the start checklist: there is none (start-checklist.spec.ts's own test
    // of this, with its own login and page load, is this line now).
    await expect(page.getByRole('region', { name: t('Kom igång', 'Get started') })).toHaveCount(0);
    const recent = page.getByRole('region', { name: t('Senaste fakturorna', 'Latest invoices') });
    await expect(recent.getByRole('listitem')).toHaveCount(5);
    await expect(recent).toContainText(t('Väntar', 'Waiting'));
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `dashboard-demo-${lng}`);

    await recent.getByRole('link').filter({ hasText: 'Spotify AB' }).click();
    await expect(page.getByRole('heading', { name: t('Fakturan väntar', 'The invoice is waiting') })).toBeVisible();
    await expect(
      page
        .getByText(
          t(
            // What is so, not a promise of what may not happen (issue 24).
            'Fakturan ska gå som e-faktura, men kunden tar inte emot e-fakturor från oss än.',
            'The invoice is to go as an e-invoice, but the customer does not receive e-invoices from us yet.',
          ),
        )
        .first(),
    ).toBeVisible();
    await shoot(page, `detail-waiting-einvoice-${lng}`);
  });
}
