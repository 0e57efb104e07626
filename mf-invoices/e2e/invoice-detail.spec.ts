// The invoice page: a waiting invoice says why and its fix (bank registration) sends it; the sent invoice shows the
// recipient as sent, totals, its history with actors, real PDF and e-invoice downloads, and the credit flow with the
// credit invoice linked; a draft is deleted after a confirmation; the admin's comment on changes requested. Swedish
// and English, with axe and screenshots.
import type { Download, Page } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  addGovernmentId,
  apiWrite,
  createCustomer,
  createInvoice,
  expect,
  fillBankRegistration,
  open,
  registerBankAccount,
  seriousViolations,
  sendInvoice,
  shoot,
  signUp,
  test,
  type Invoice,
} from './invoice-fixtures.ts';

// A fresh account, invoices through the API and a real browser: slower than the default on a shared machine.
test.describe.configure({ timeout: 60_000 });

async function downloaded(page: Page, link: string): Promise<{ download: Download; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  const path = await download.path();
  return { download, text: (await readFile(path)).toString('latin1') };
}

test('Swedish: waiting for bank details, registered from the invoice, sent, downloaded and credited', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, 'sv');
  await addGovernmentId(page);
  const customer = await createCustomer(page);
  const invoice = await createInvoice(page, customer.id, { reference: 'PO 4711', hours: 12.5 });
  await sendInvoice(page, invoice.id, 2);

  await open(page, `/dashboard/invoices/${invoice.id}`, 'sv');
  await expect(page.getByRole('heading', { name: 'Fakturan väntar' })).toBeVisible();
  await expect(page.getByText('Registrera ditt bankkonto.', { exact: false }).first()).toBeVisible();
  await expect(page.getByText('Väntar', { exact: true }).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'detail-waiting-sv');

  await page.getByRole('button', { name: 'Registrera bankuppgifter' }).click();
  await fillBankRegistration(page, 'sv');
  // Registered: the waiting invoice goes out by itself.
  await expect
    .poll(async () => ((await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as Invoice).status, {
      timeout: 30_000,
    })
    .toBe(3);

  await open(page, `/dashboard/invoices/${invoice.id}`, 'sv');
  const sent = (await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as Invoice;
  await expect(page.getByRole('heading', { level: 1, name: `Faktura ${sent.number}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Skickad till' })).toBeVisible();
  await expect(page.getByText('Assar Gabrielssons väg 9')).toBeVisible();
  await expect(page.getByText('Moms 25 % på 11 875,00 kr')).toBeVisible();
  await expect(page.getByText('14 843,75 kr').first()).toBeVisible();
  const history = page.getByRole('region', { name: 'Historik' });
  for (const event of ['Skapad', 'Skickad iväg', 'Klar att skicka', 'Levererad till kunden'])
    await expect(history.getByText(event, { exact: true })).toBeVisible();
  await expect(history.getByText(/· Du$/).first()).toBeVisible();
  await expect(history.getByText(/· Frilo$/).first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'detail-sent-sv');

  const pdf = await downloaded(page, 'Ladda ner PDF');
  expect(pdf.text.startsWith('%PDF-')).toBe(true);
  expect(pdf.download.suggestedFilename()).toMatch(/\.pdf$/);
  const xml = await downloaded(page, 'Ladda ner e-faktura (XML)');
  expect(xml.text).toContain('<Invoice');
  expect(xml.text).toContain(`<cbc:ID>${sent.number}</cbc:ID>`);

  await page.getByRole('button', { name: 'Kreditera' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Kreditera faktura ${sent.number}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('En kreditfaktura makulerar den här fakturan');
  await expect(dialog).toContainText('14 843,75 kr');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'detail-credit-dialog-sv');
  await dialog.getByLabel('Anledning').fill('Fel antal timmar');
  await dialog.getByRole('button', { name: 'Kreditera fakturan' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Faktura ${sent.number} är krediterad.`)).toBeVisible();
  await expect(page.getByText('Krediterad', { exact: true }).first()).toBeVisible();
  await expect(history.getByText('Fel antal timmar')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Kreditera' })).toHaveCount(0);
  const creditNote = await downloaded(page, 'Kreditfakturans PDF');
  expect(creditNote.text.startsWith('%PDF-')).toBe(true);
  const creditXml = await downloaded(page, 'Kreditfakturans e-faktura (XML)');
  expect(creditXml.text).toContain('<CreditNote');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'detail-credited-sv');
});

test('Swedish: a draft is deleted after a confirmation and leaves the list empty', async ({ page }) => {
  await signUp(page, 'sv');
  const customer = await createCustomer(page);
  const draft = await createInvoice(page, customer.id, { reference: 'Ska bort' });
  await open(page, '/dashboard/invoices', 'sv');
  await page.getByRole('link', { name: 'Onumrerad' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/invoices/${draft.id}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Fakturautkast' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Redigera' })).toHaveAttribute('href', `/quotations/edit/${draft.id}`);
  // A draft has no documents and cannot be credited.
  await expect(page.getByRole('link', { name: 'Ladda ner PDF' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Kreditera' })).toHaveCount(0);
  await shoot(page, 'detail-draft-sv');

  await page.getByRole('button', { name: 'Radera' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Radera utkastet?' });
  await expect(dialog.getByRole('button', { name: 'Behåll utkastet' })).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Radera' }).click();
  await expect(page).toHaveURL(/\/dashboard\/invoices$/);
  await expect(page.getByText('Utkastet är raderat.')).toBeVisible();
  // No invoice left: the empty state, with the way to the first invoice.
  await expect(page.getByRole('heading', { name: 'Inga fakturor än' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Skapa faktura' })).toHaveAttribute('href', '/quotations/create');
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'list-empty-sv');
});

test('English: a sent invoice credited, its history and documents', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, 'en');
  await addGovernmentId(page);
  await registerBankAccount(page, 'en');
  const customer = await createCustomer(page, { name: 'Spotify AB', governmentId: '556703-7485', vatNumber: null });
  const invoice = await createInvoice(page, customer.id, { hours: 3 });
  await sendInvoice(page, invoice.id);
  const sent = (await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as Invoice;

  await open(page, `/dashboard/invoices/${invoice.id}`, 'en');
  await expect(page.getByRole('heading', { level: 1, name: `Invoice ${sent.number}` })).toBeVisible();
  await expect(page.getByText('Sent', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('SEK 3,562.50').first()).toBeVisible();
  const history = page.getByRole('region', { name: 'History' });
  await expect(history.getByText('Delivered to the customer')).toBeVisible();
  const pdf = await downloaded(page, 'Download PDF');
  expect(pdf.text.startsWith('%PDF-')).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'detail-sent-en');

  await page.getByRole('button', { name: 'Credit' }).click();
  const dialog = page.getByRole('alertdialog', { name: `Credit invoice ${sent.number}?` });
  await expect(dialog).toContainText('A credit invoice cancels this invoice');
  await shoot(page, 'detail-credit-dialog-en');
  // Cancel changes nothing; then credit for real.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(((await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as Invoice).status).toBe(3);
  await page.getByRole('button', { name: 'Credit' }).click();
  await dialog.getByRole('button', { name: 'Credit the invoice' }).click();
  await expect(page.getByText(`Invoice ${sent.number} is credited.`)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Credit invoice PDF' })).toBeVisible();
  await expect(history.getByText('Credited', { exact: true }).first()).toBeVisible();
  await shoot(page, 'detail-credited-en');
});

test("changes requested: the reviewer's comment and the way to edit (the demo freelancer's invoice)", async ({
  page,
}) => {
  await apiWrite(page, 'POST', '/api/auth/login', { email: 'demo@example.com', password: 'demo-password' });
  // A sent invoice's PDF straight from the list.
  await open(page, '/dashboard/invoices?sort=number&order=desc', 'en');
  const fromList = await downloaded(page, 'Download PDF Invoice 1001');
  expect(fromList.text.startsWith('%PDF-')).toBe(true);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'list-demo-en');
  await open(page, '/dashboard/invoices?status=drafted', 'en');
  await page.getByRole('row').filter({ hasText: 'Changes requested' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Changes requested', level: 2 })).toBeVisible();
  await expect(page.getByText('Please state the date of the wedding in the row.').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit the invoice' })).toHaveAttribute('href', /\/quotations\/edit\//);
  expect(await seriousViolations(page)).toEqual([]);
  await shoot(page, 'detail-changes-requested-en');
  await open(page, page.url().replace(/\?.*$/, ''), 'sv');
  await expect(page.getByRole('heading', { name: 'Ändringar begärda', level: 2 })).toBeVisible();
  await shoot(page, 'detail-changes-requested-sv');
});

test('English: a new user sees the empty state; an invoice that does not exist, or is not a uuid, says so', async ({
  page,
}) => {
  await signUp(page, 'en');
  await open(page, '/dashboard/invoices', 'en');
  await expect(page.getByRole('heading', { name: 'No invoices yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create invoice' })).toBeVisible();
  await shoot(page, 'list-empty-en');

  await open(page, '/dashboard/invoices/0b6f2c1e-8a7d-4a51-9a39-2f1d3c4b5a69', 'en');
  await expect(page.getByRole('heading', { name: 'The invoice was not found' })).toBeVisible();
  await open(page, '/dashboard/invoices/42', 'en');
  await expect(page.getByRole('heading', { name: 'The invoice was not found' })).toBeVisible();
});
