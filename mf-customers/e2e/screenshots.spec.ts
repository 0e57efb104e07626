// Not a test: pictures of every mf-customers screen at 375, 768, 1024 and 1280 px in Swedish and
// English, for people to look at. Runs only when SHOTS_DIR is set:
//   SHOTS_DIR=/tmp/shots-customers npx playwright test mf-customers/e2e/screenshots.spec.ts
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { apiWrite, createCustomer, expect, mailboxLink, open, signUp, test } from './fixtures.ts';

const dir = process.env['SHOTS_DIR'];
const WIDTHS = [375, 768, 1024, 1280] as const;
const LANGUAGES = ['sv', 'en'] as const;

test.skip(!dir, 'set SHOTS_DIR to take screenshots');
test.describe.configure({ mode: 'parallel' });
test.setTimeout(240_000);

async function shoot(page: Page, name: string, lng: string, options: { fullPage?: boolean } = {}) {
  mkdirSync(dir!, { recursive: true });
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(200);
    await page.screenshot({ path: join(dir!, `${name}-${lng}-${width}.png`), fullPage: options.fullPage ?? true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

for (const lng of LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`customer list (${lng})`, async ({ page }) => {
    await signUp(page, lng);
    await open(page, '/dashboard/customers', lng);
    await expect(
      page.getByRole('link', { name: t('Skapa din första kund', 'Create your first customer') }),
    ).toBeVisible();
    await shoot(page, 'list-empty', lng);

    await createCustomer(page, { email: null, name: 'Ärlig Bygg AB' });
    await createCustomer(page, {
      type: 'organization',
      name: 'Beispiel GmbH',
      governmentId: null,
      vatNumber: 'DE123456788',
      contactPersonEmail: 'kontakt@beispiel.example',
      email: 'rechnung@beispiel.example',
      invoiceLanguage: 'en',
      eInvoice: true,
      address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    });
    await createCustomer(page, {
      type: 'individual',
      name: 'Sven Svensson',
      governmentId: '811218-9876',
      vatNumber: null,
      contactPersonEmail: 'sven@example.com',
      email: 'sven@example.com',
      address: { streetName: 'Storgatan 1', postalCode: '12345', city: 'Stockholm', country: 'SE' },
    });
    for (let n = 1; n <= 20; n += 1) {
      await createCustomer(page, { name: `Kund nummer ${String(n).padStart(2, '0')} AB` });
    }
    await open(page, '/dashboard/customers', lng);
    await expect(page.getByRole('link', { name: 'Beispiel GmbH', exact: true })).toBeVisible();
    await shoot(page, 'list', lng);

    await page.getByRole('searchbox').fill('zzzz');
    await expect(page.getByRole('heading', { name: t('Inga kunder hittades', 'No customers found') })).toBeVisible();
    await shoot(page, 'list-no-results', lng);

    await page.getByRole('searchbox').fill('');
    await page.getByRole('button', { name: `${t('Ta bort', 'Delete')} Beispiel GmbH` }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
    await shoot(page, 'delete-dialog', lng, { fullPage: false });
  });

  test(`customer form (${lng})`, async ({ page }) => {
    await signUp(page, lng);
    await open(page, '/dashboard/customers/create', lng);
    await expect(page.getByRole('heading', { name: t('Ny kund', 'New customer'), level: 1 })).toBeVisible();
    await shoot(page, 'form-new', lng);

    await page.getByRole('button', { name: t('Skapa kund', 'Create customer') }).click();
    await shoot(page, 'form-errors', lng);

    await page.getByLabel(t('Land', 'Country')).selectOption('DE');
    await page.getByLabel(t('Momsregistreringsnummer', 'VAT number')).fill('DE123456789');
    await shoot(page, 'form-eu', lng);

    await page.getByRole('radio', { name: t('Privatperson', 'Individual') }).check();
    await shoot(page, 'form-individual', lng);

    const customer = await createCustomer(page, {
      email: null,
      eInvoice: true,
      governmentId: '2120000142',
      vatNumber: null,
    });
    await open(page, `/dashboard/customers/edit/${customer.id}`, lng);
    await expect(page.getByRole('heading', { name: customer.name, level: 1 })).toBeVisible();
    await shoot(page, 'form-edit', lng);

    await page.getByRole('button', { name: t('Skicka verifieringslänk', 'Send verification link') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, 'verification-sent', lng, { fullPage: false });

    await open(page, '/quotations/recipients/organization', lng);
    await expect(
      page.getByRole('button', { name: t('Spara och gå tillbaka till fakturan', 'Save and return to the invoice') }),
    ).toBeVisible();
    await shoot(page, 'invoice-flow-new', lng);
  });

  test(`public recipient pages (${lng})`, async ({ page, browser }) => {
    await signUp(page, lng);
    const customer = await createCustomer(page, {
      invoiceLanguage: lng,
      contactPersonEmail: `contact-${Date.now()}@example.com`,
    });
    await apiWrite(page, 'POST', `/api/customers/${customer.id}/verification`);
    const link = await mailboxLink(page, customer.contactPersonEmail, '/recipients/');

    const context = await browser.newContext({ locale: lng === 'sv' ? 'sv-SE' : 'en-GB' });
    const contact = await context.newPage();
    await open(contact, link, lng);
    await expect(contact.getByText('Volvo Personvagnar AB').first()).toBeVisible();
    await shoot(contact, 'verify-review', lng);
    await contact.getByRole('button', { name: t('Något är fel', 'Something is wrong') }).click();
    await contact.getByLabel(t('Postnummer', 'Postal code')).fill('1');
    await contact
      .getByRole('button', { name: t('Bekräfta med mina rättelser', 'Confirm with my corrections') })
      .click();
    await shoot(contact, 'verify-correct', lng);
    await contact.getByLabel(t('Postnummer', 'Postal code')).fill('405 31');
    await contact.getByLabel(t('Ort', 'City')).fill('Torslanda');
    await contact
      .getByRole('button', { name: t('Bekräfta med mina rättelser', 'Confirm with my corrections') })
      .click();
    await expect(
      contact.getByRole('heading', {
        name: t('Tack! Uppgifterna är bekräftade', 'Thank you! The details are confirmed'),
      }),
    ).toBeVisible();
    await shoot(contact, 'verify-thanks', lng);

    await open(contact, link, lng);
    await expect(
      contact.getByRole('heading', {
        name: t('Uppgifterna är redan bekräftade', 'These details are already confirmed'),
      }),
    ).toBeVisible();
    await shoot(contact, 'verify-used', lng);

    await open(contact, `/recipients/${customer.id}/verify/not-a-real-nonce`, lng);
    await shoot(contact, 'verify-not-found', lng);

    await open(contact, `/quotations/recipients/organization/${customer.id}`, lng);
    await expect(
      contact.getByRole('heading', { name: t('Öppna länken i din e-post', 'Open the link from your email') }),
    ).toBeVisible();
    await shoot(contact, 'open-from-email', lng);
    await context.close();
  });

  test(`stop verification emails (${lng})`, async ({ page, browser }) => {
    await signUp(page, lng);
    const customer = await createCustomer(page, {
      invoiceLanguage: lng,
      contactPersonEmail: `not-me-${Date.now()}@example.com`,
    });
    await apiWrite(page, 'POST', `/api/customers/${customer.id}/verification`);
    const link = await mailboxLink(page, customer.contactPersonEmail, `/recipients/${customer.id}/stop/`);
    const context = await browser.newContext({ locale: lng === 'sv' ? 'sv-SE' : 'en-GB' });
    const contact = await context.newPage();
    await contact.goto(link);
    const stop = contact.getByRole('button', {
      name: t('Skicka inga fler sådana mejl till mig', 'Send me no more emails like this'),
    });
    await expect(stop).toBeVisible();
    await shoot(contact, 'stop-ask', lng);
    await stop.click();
    await expect(contact.getByText(customer.contactPersonEmail)).toBeVisible();
    await shoot(contact, 'stop-done', lng);
    await open(contact, `/recipients/${customer.id}/stop/not-a-real-nonce`, lng);
    await contact
      .getByRole('button', { name: t('Skicka inga fler sådana mejl till mig', 'Send me no more emails like this') })
      .click();
    await expect(contact.getByRole('heading', { level: 2 })).toBeVisible();
    await shoot(contact, 'stop-not-found', lng);
    await context.close();
  });
}
