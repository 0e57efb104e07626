// The dashboard's start: the "Kom igång" checklist ticks from real data (profile, personnummer,
// salary account, first customer, first sent invoice), links to the exact place that finishes each
// step and is gone when all are done; the next-salary card says what is true for the payout
// preference, and "nothing invoiced yet" instead of a date before the first invoice.
import type { Page } from '@playwright/test';
import { shoot } from './invoice-fixtures.ts';
import { apiWrite, createCustomer, expect, open, seriousViolations, signUp, test } from './start-fixtures.ts';

// Several API writes and page loads per test, on a shared machine.
test.setTimeout(60_000);

const checklist = (page: Page, name = 'Kom igång') => page.getByRole('region', { name });
const payoutCard = (page: Page, name = 'Nästa utbetalning') => page.getByRole('region', { name });

test('a new user: zeros, the way to the first invoice, nothing ticked, each step links to its place, and the steps tick as the data comes', async ({
  page,
}) => {
  await signUp(page);
  const summaryReads: string[] = [];
  page.on('request', (r) => r.url().endsWith('/api/dashboard/summary') && summaryReads.push(r.url()));
  await open(page, '/dashboard/home');
  const outstanding = page.getByRole('region', { name: 'Obetalt' });
  await expect(outstanding).toContainText('0,00 kr');
  await expect(outstanding).toContainText('0 skickade fakturor är inte betalda än');
  await expect(page.getByRole('region', { name: 'Betalt denna månad' })).toContainText('0,00 kr');
  // Nothing invoiced: the next-salary card says so, with the rule of the chosen payout, instead of naming a day
  // nothing will be paid on.
  await expect(payoutCard(page)).toContainText('Inget fakturerat än');
  await expect(payoutCard(page)).toContainText('Du har valt månadsvis utbetalning: lönen lämnar banken den 20:e');
  await expect(payoutCard(page)).not.toContainText(
    /\d+ (januari|februari|mars|april|maj|juni|juli|augusti|september|oktober|november|december)/,
  );
  // The figures and the next-salary card are drawn from one read of the summary.
  expect(summaryReads).toHaveLength(1);
  const recent = page.getByRole('region', { name: 'Senaste fakturorna' });
  await expect(recent.getByRole('link', { name: 'Skapa din första faktura' })).toHaveAttribute(
    'href',
    '/quotations/create',
  );
  const list = checklist(page);
  await expect(list).toBeVisible();
  await expect(list.getByText('0 av 5 klara')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText([
    /Fyll i din profil: namn, telefonnummer och adress\s*\(inte klart\)/,
    /Lägg till ditt personnummer\s*\(inte klart\)/,
    /Registrera ditt lönekonto\s*\(inte klart\)/,
    /Lägg till din första kund\s*\(inte klart\)/,
    /Skicka din första faktura\s*\(inte klart\)/,
  ]);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'dashboard-new-user-sv');

  // The personnummer step opens the profile on the field itself.
  await list.getByRole('link', { name: 'Lägg till ditt personnummer' }).click();
  await expect(page).toHaveURL('/dashboard/profile#profile-government-id');
  await expect(page.getByRole('region', { name: 'Personnummer' }).getByLabel('Personnummer')).toBeFocused();

  await apiWrite(page, 'PATCH', '/api/auth/profile', {
    phoneNumber: '070-123 45 67',
    governmentId: '19900101-1239',
    address: { streetName: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE' },
  });
  await createCustomer(page);
  await open(page, '/dashboard/home');
  await expect(list.getByText('3 av 5 klara')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveText([
    /Fyll i din profil.*\(klart\)/,
    /Lägg till ditt personnummer\s*\(klart\)/,
    /Registrera ditt lönekonto\s*\(inte klart\)/,
    /Lägg till din första kund\s*\(klart\)/,
    /Skicka din första faktura\s*\(inte klart\)/,
  ]);
  // A done step is no longer a link; the ones left are.
  await expect(list.getByRole('link', { name: 'Lägg till din första kund' })).toHaveCount(0);
  await expect(list.getByRole('link', { name: 'Skicka din första faktura' })).toHaveAttribute(
    'href',
    '/quotations/create',
  );

  // The salary account step opens the registration at the provider.
  await list.getByRole('button', { name: 'Registrera ditt lönekonto' }).click();
  await expect(page).toHaveURL(/\/bank-registration\//);

  // Still nothing invoiced, now with immediate payouts, in English.
  await apiWrite(page, 'PATCH', '/api/auth/profile', { payoutPreference: 'payout_immediate' });
  await open(page, '/dashboard/home', 'en');
  await expect(payoutCard(page, 'Next payout')).toContainText('Nothing invoiced yet');
  await expect(payoutCard(page, 'Next payout')).toContainText(
    'You chose immediate payouts: the salary leaves the bank the next bank day after your customer pays.',
  );
  await expect(checklist(page, 'Get started')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

// The demo freelancer, who has done every step, sees no checklist: dashboard.spec.ts's demo tests ('en/sv: the demo
// freelancer's figures and latest invoices', with the payout card's amount).
