// The send dialog (issue 24): from the review step and from a draft's page, the PDF as it goes in the page, where it
// goes, an optional message to the customer (plain text: a link is refused on the field) that reaches the email with
// the customer's reference, and after sending no Cancel left and no danger-styled action. Swedish and English, at
// 375 and 1366 px, with axe and screenshots.
import { shotsDir } from '../../tools/testing/screens.ts';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import {
  addGovernmentId,
  createCustomer,
  createInvoice,
  expect,
  open,
  registerBankAccount,
  seriousViolations,
  signUp,
  test,
  type Invoice,
} from './invoice-fixtures.ts';
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';

test.describe.configure({ timeout: 180_000 });

const L = {
  sv: {
    open: 'Skicka fakturan',
    title: 'Skicka fakturan',
    submit: 'Skicka fakturan',
    where: 'E-post till invoices@volvo.example',
    message: 'Meddelande till kunden',
    linkError: /Ta bort länken \(www\.example\.com\)/,
    sentTitle: 'Din faktura är på väg',
    another: 'Skapa en faktura till',
    notNow: 'Inte nu',
    easy: 'Lätt',
    toInvoice: 'Till fakturan',
    cancel: 'Avbryt',
    eInvoiceWhere: /E-faktura via Peppol till 0007:/,
    eInvoiceWait: /väntar på att kunden tar emot e-faktura.*3 bankdagar/,
    byEmail: 'Skicka som PDF till invoices@volvo.example',
  },
  en: {
    open: 'Send invoice',
    title: 'Send the invoice',
    submit: 'Send the invoice',
    where: 'Email to invoices@volvo.example',
    message: 'Message to the customer',
    linkError: /Remove the link \(www\.example\.com\)/,
    sentTitle: 'Your invoice is on its way',
    another: 'Create another invoice',
    notNow: 'Not now',
    easy: 'Easy',
    toInvoice: 'Go to the invoice',
    cancel: 'Cancel',
    eInvoiceWhere: /E-invoice through Peppol to 0007:/,
    eInvoiceWait: /waits for the customer to accept e-invoices.*3 bank days/,
    byEmail: 'Send as a PDF to invoices@volvo.example',
  },
} as const;

/** The dialog at phone and desktop width, for people to look at (SHOTS_DIR/mf-invoices/<name>-<width>.png, when SHOTS_DIR is set). */
async function shootWidths(page: Page, name: string) {
  const dir = shotsDir('mf-invoices');
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await expect(page.getByRole('dialog')).toBeVisible();
    if (dir) await page.screenshot({ path: join(dir, `${name}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

async function mailTo(page: Page, to: string): Promise<{ subject: string; text: string }> {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
        found = messages[0];
        return messages.length;
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThan(0);
  return found!;
}

for (const lng of JOURNEY_LANGUAGES) {
  const l = L[lng];

  test(`from the review step: the PDF, where it goes, a message without links, sent once, no Cancel after (${lng})`, async ({
    page,
  }) => {
    await signUp(page, lng);
    await addGovernmentId(page);
    await registerBankAccount(page, lng);
    const email = `ap.${Date.now()}.${lng}@volvo.example`;
    const customer = await createCustomer(page, { email, invoiceLanguage: lng });
    const invoice = await createInvoice(page, customer.id, { reference: 'PO 4711', hours: 2 });

    await page.setViewportSize({ width: 1366, height: 900 });
    await open(page, `/quotations/edit/${invoice.id}?step=4`, lng);
    await page.getByRole('button', { name: l.open, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: l.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(l.where.replace('invoices@volvo.example', email))).toBeVisible();
    // The PDF as it will go, drawn in the page (or, without a viewer, one click away), never numbered before the send.
    const frame = dialog.locator('iframe.send-dialog__pdf');
    const link = dialog.getByRole('link', { name: /PDF/ });
    await expect(frame.or(link)).toBeVisible();
    const preview = await page.request.get(`/api/invoices/${invoice.id}/preview-pdf`);
    expect(preview.status()).toBe(200);
    expect(preview.headers()['content-type']).toContain('application/pdf');
    expect(preview.headers()['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `send-dialog-${lng}`);

    // A link in the message is refused on the field; nothing is sent.
    const message = dialog.getByLabel(l.message);
    await message.fill('Tack! Se www.example.com');
    await dialog.getByRole('button', { name: l.submit, exact: true }).click();
    await expect(dialog.getByText(l.linkError)).toBeVisible();
    expect(((await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as Invoice).editable).toBe(true);
    await shootWidths(page, `send-dialog-link-${lng}`);

    // Plain text goes: a double click sends once.
    const sends: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/invoices/${invoice.id}/send`))
        sends.push(request.headers()['idempotency-key'] ?? '');
    });
    await message.fill('Tack för ett fint uppdrag!');
    // Two clicks before the page can draw in between (a double click at its fastest): one request.
    await dialog.getByRole('button', { name: l.submit, exact: true }).evaluate((button: HTMLButtonElement) => {
      button.click();
      button.click();
    });
    const result = page.getByRole('dialog', { name: l.sentTitle });
    await expect(result).toBeVisible();
    expect(sends).toHaveLength(1);
    // The secondary action is a plain button, not a danger.
    const another = result.getByRole('link', { name: l.another });
    await expect(another).toBeVisible();
    expect(await another.getAttribute('class')).not.toMatch(/danger/);
    // …and so is the feedback prompt's "not now": the same colour as its other plain choices.
    const colour = (name: string) =>
      result.getByRole('button', { name, exact: true }).evaluate((e) => getComputedStyle(e).color);
    expect(await colour(l.notNow)).toBe(await colour(l.easy));
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `send-result-${lng}`);
    await page.keyboard.press('Escape');
    await expect(result).toHaveCount(0);

    // Sent: nothing left to cancel; the way on is the invoice.
    await expect(page.getByRole('button', { name: l.cancel, exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: l.cancel, exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: l.toInvoice })).toBeVisible();

    // The email carries the customer's reference in its subject and body, and the message.
    const mail = await mailTo(page, email);
    expect(mail.subject).toContain('PO 4711');
    expect(mail.text).toContain('PO 4711');
    expect(mail.text).toContain('Tack för ett fint uppdrag!');
    expect(mail.text).not.toMatch(/\b20\d\d-\d\d-\d\d\b/);
  });

  test(`from a draft's page, and an e-invoice customer that does not take e-invoices yet (${lng})`, async ({
    page,
  }) => {
    await signUp(page, lng);
    await addGovernmentId(page);
    await registerBankAccount(page, lng);
    const governmentId = `559${String(Date.now()).slice(-6)}`;
    const luhn = [...governmentId].reduce((total, digit, i) => {
      const value = Number(digit) * (i % 2 === 0 ? 2 : 1);
      return total + (value > 9 ? value - 9 : value);
    }, 0);
    const customer = await createCustomer(page, {
      name: `Peppol Kund ${lng} AB`,
      governmentId: `${governmentId}${(10 - (luhn % 10)) % 10}`,
      vatNumber: null,
      eInvoice: true,
      invoiceLanguage: lng,
    });
    const invoice = await createInvoice(page, customer.id, { hours: 2 });

    await page.setViewportSize({ width: 1366, height: 900 });
    await open(page, `/dashboard/invoices/${invoice.id}`, lng);
    await page.getByRole('button', { name: L[lng].submit, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: l.title });
    await expect(dialog.getByText(l.eInvoiceWhere)).toBeVisible();
    await expect(dialog.getByText(l.eInvoiceWait)).toBeVisible();
    // An e-invoice carries no message: the field is not offered.
    await expect(dialog.getByLabel(l.message)).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `send-dialog-e-invoice-${lng}`);
    await dialog.getByRole('button', { name: l.submit, exact: true }).click();
    await expect(dialog).toHaveCount(0);
    await expect
      .poll(async () => ((await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as Invoice).status)
      .toBe(2);
    await page.keyboard.press('Escape');

    // Waiting: the page promises nothing, and one action sends it as a PDF by email instead.
    const byEmail = page.getByRole('button', { name: l.byEmail });
    await expect(byEmail).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const dir = shotsDir('mf-invoices');
    for (const width of dir ? [375, 1366] : []) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
      await page.screenshot({ path: join(dir!, `detail-e-invoice-wait-${lng}-${width}.png`), fullPage: true });
    }
    await page.setViewportSize({ width: 1366, height: 900 });
    await byEmail.click();
    await expect
      .poll(async () => ((await (await page.request.get(`/api/invoices/${invoice.id}`)).json()) as Invoice).status, {
        timeout: 30_000,
      })
      .toBe(3);
  });
}
