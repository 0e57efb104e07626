// The back office's e-invoice recipients (docs/product/back-office.md#e-invoice-recipients): an e-invoice customer of a
// freelancer of our own (signed up through the API in its own browser context) waits for acceptance; the admin sees it
// with its waiting invoice, marks it reachable on Peppol, the invoice goes out; then marks it not reachable. The demo
// accounts are only read. In Swedish and English, with axe and screenshots.
import { expect, test } from '@playwright/test';
import { JOURNEY_LANGUAGES, openInLanguage, seriousViolations } from '../../tools/testing/e2e.ts';
import { shootWidths } from '../../tools/testing/screens.ts';
import {
  addGovernmentId,
  createCustomer,
  createInvoice,
  loginAdmin,
  open,
  registerBankAccount,
  sendInvoice,
  signUp,
  type Invoice,
} from './invoice-fixtures.ts';

/** A valid Swedish organisation number of its own (559 + six digits + the Luhn digit), so no other test's customer. */
function organisationNumber(): string {
  const body = `559${String(Date.now()).slice(-6)}`;
  const sum = [...body].reduce((total, digit, i) => {
    const value = Number(digit) * (i % 2 === 0 ? 2 : 1);
    return total + (value > 9 ? value - 9 : value);
  }, 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

// Two browser contexts, a bank registration and screenshots at two widths on a shared machine.
test.setTimeout(180_000);

for (const lng of JOURNEY_LANGUAGES) {
  const t = <T>(sv: T, en: T): T => (lng === 'sv' ? sv : en);

  test(`e-invoice recipients: a waiting customer marked reachable on Peppol, its invoice sent; then not reachable (${lng})`, async ({
    page,
    browser,
  }) => {
    // A freelancer of our own with an e-invoice customer that has not accepted: the invoice waits (2, problem 16).
    const freelancerContext = await browser.newContext({ locale: lng === 'sv' ? 'sv-SE' : 'en-GB' });
    const freelancer = await freelancerContext.newPage();
    await signUp(freelancer, lng);
    await addGovernmentId(freelancer);
    await registerBankAccount(freelancer, lng);
    const organisation = organisationNumber();
    const name = `Peppol Kund ${lng.toUpperCase()} ${organisation.slice(3, 9)} AB`;
    const customer = await createCustomer(freelancer, {
      name,
      governmentId: organisation,
      vatNumber: null,
      eInvoice: true,
    });
    const invoice = await createInvoice(freelancer, customer.id);
    await sendInvoice(freelancer, invoice.id, 2);
    await open(freelancer, `/dashboard/invoices/${invoice.id}`, lng);
    // The page promises nothing it cannot keep: the customer does not take e-invoices yet, how long it has waited, and
    // the PDF-by-email way out (issue 24).
    await expect(
      freelancer
        .getByText(
          t(
            'Fakturan ska gå som e-faktura, men kunden tar inte emot e-fakturor från oss än.',
            'The invoice is to go as an e-invoice, but the customer does not receive e-invoices from us yet.',
          ),
        )
        .first(),
    ).toBeVisible();
    await expect(freelancer.getByText(/av sig själv|by itself/)).toHaveCount(0);
    await expect(
      freelancer.getByRole('button', {
        name: t('Skicka som PDF till invoices@volvo.example', 'Send as a PDF to invoices@volvo.example'),
      }),
    ).toBeVisible();

    await loginAdmin(page);
    await openInLanguage(page, '/admin/e-invoice-recipients', lng);
    await expect(
      page.getByRole('heading', { level: 1, name: t('E-fakturamottagare', 'E-invoice recipients') }),
    ).toBeVisible({ timeout: 30_000 });
    const waiting = page.getByRole('table', {
      name: t('Kunder som väntar på godkännande', 'Customers waiting for acceptance'),
    });
    const row = waiting.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(`${organisation.slice(0, 6)}-${organisation.slice(6)}`);
    await expect(row).toContainText('Frida Frilansare');
    await expect(row).toContainText(`0007:${organisation}`);
    await expect(row.getByRole('cell').nth(2)).toHaveText(/^1(?!\d)/);
    // How long it has waited, in bank days against the limit after which its freelancer is told.
    await expect(row).toContainText(t(/Väntat \d+ bankdag(ar)? \(gräns 3\)/, /Waited \d+ bank days? \(limit 3\)/));
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `admin-e-invoice-recipients-${lng}`, () =>
      expect(page.getByText(name).first()).toBeVisible(),
    );

    // Mark it reachable: the participant id is filled in from the organisation number; a wrong one is explained.
    await row.getByRole('button', { name: new RegExp(t('Nåbar via Peppol', 'Reachable on Peppol')) }).click();
    const dialog = page.getByRole('dialog');
    const participant = dialog.getByLabel(t('Peppol-deltagar-id', 'Peppol participant id'));
    await expect(participant).toHaveValue(`0007:${organisation}`);
    await participant.fill('0007:123');
    await dialog.getByRole('button', { name: t('Markera som nåbar', 'Mark reachable') }).click();
    await expect(
      dialog.getByText(
        t(
          'Skriv det som schema:id, till exempel 0007:5560360793.',
          'Write it as scheme:id, for example 0007:5560360793.',
        ),
      ),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `admin-e-invoice-mark-${lng}`, () => expect(dialog).toBeVisible());
    await participant.fill(`0007:${organisation}`);
    await dialog.getByRole('button', { name: t('Markera som nåbar', 'Mark reachable') }).click();
    await expect(dialog).toHaveCount(0);
    await expect(waiting.getByRole('row').filter({ hasText: name })).toHaveCount(0);

    // The waiting invoice goes out by itself, once.
    await expect
      .poll(
        async () => ((await (await freelancer.request.get(`/api/invoices/${invoice.id}`)).json()) as Invoice).status,
        { timeout: 30_000 },
      )
      .toBe(3);
    const events = (await (await freelancer.request.get(`/api/invoices/${invoice.id}/events`)).json()) as {
      items: { event: string }[];
    };
    expect(events.items.filter((event) => event.event === 'preconditions_met')).toHaveLength(1);

    // Among the reachable ones, marked by an admin; not reachable takes it back out.
    await page.getByLabel(t('Visa', 'Show')).selectOption('reachable');
    const reachable = page.getByRole('table', {
      name: t('Kunder som går att nå via Peppol', 'Customers reachable on Peppol'),
    });
    const reachableRow = reachable.getByRole('row').filter({ hasText: name });
    await expect(reachableRow).toContainText(t('Markerad av en admin', 'Marked by an admin'));
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `admin-e-invoice-reachable-${lng}`, () =>
      expect(page.getByText(name).first()).toBeVisible(),
    );
    await reachableRow.getByRole('button', { name: new RegExp(t('Inte nåbar', 'Not reachable')) }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('Inte nåbar', 'Not reachable') })
      .click();
    await expect(reachable.getByRole('row').filter({ hasText: name })).toHaveCount(0);
    // What was sent stays sent.
    expect(((await (await freelancer.request.get(`/api/invoices/${invoice.id}`)).json()) as Invoice).status).toBe(3);
    await freelancerContext.close();
  });
}
