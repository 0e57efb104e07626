// Creating customers through the form: each type gets the fields that fit it, the BFF's normalised
// values come back, and the new customer is in the list.
import { expect, getCustomer, open, signUp, test } from './fixtures.ts';

// An individual with a personal identity number (no VAT or e-invoice fields, one email address, the number in its
// usual form in the list, ready to invoice): first-use.spec.ts's 'an individual: …'.

test('a Swedish organisation with its organisation number and the matching VAT number', async ({ page }) => {
  await signUp(page);
  await open(page, '/dashboard/customers/create', 'en');
  await expect(page.getByRole('radio', { name: 'Organization' })).toBeChecked();
  await page.getByLabel('Company name').fill('Volvo Personvagnar AB');
  await page.getByLabel('Organization number').fill('5560360793');
  await page.getByLabel('VAT number').fill('se 5560 3607 9301');
  // Reverse VAT is not for a Swedish customer.
  await expect(page.getByLabel('Reverse VAT')).toHaveCount(0);
  await page.getByLabel('Street address').fill('Assar Gabrielssons väg 9');
  await page.getByLabel('Postal code').fill('405 31');
  await page.getByLabel('City').fill('Göteborg');
  await page.getByLabel("Contact person's email").fill('anna.berg@volvo.example');
  await page.getByLabel('Invoice email').fill('invoices@volvo.example');
  await page.getByRole('radio', { name: 'E-invoice (Peppol)' }).check();
  await page.getByRole('button', { name: 'Create customer' }).click();

  await expect(page).toHaveURL('/dashboard/customers');
  const row = page.getByRole('row').filter({ hasText: 'Volvo Personvagnar AB' });
  await expect(row).toContainText('556036-0793');
  await expect(row).toContainText('SE556036079301');
  // Not yet accepted by the customer's e-invoice connection: invoices wait (problem 16).
  await expect(row).toContainText('E-invoice pending');

  await row.getByRole('link', { name: 'Volvo Personvagnar AB', exact: true }).click();
  await expect(page.getByLabel('VAT number')).toHaveValue('SE556036079301');
  await expect(page.getByRole('radio', { name: 'E-invoice (Peppol)' })).toBeChecked();
});

test('a business in another EU country, with reverse VAT', async ({ page }) => {
  await signUp(page);
  await open(page, '/dashboard/customers/create');
  await page.getByLabel('Företagsnamn').fill('Beispiel GmbH');
  await page.getByLabel('Land', { exact: true }).selectOption('DE');
  // Abroad: a registration number as given, and the VAT number is required.
  await expect(page.getByLabel(/^Registreringsnummer/)).toBeVisible();
  await expect(page.getByText('Börjar med DE. Krävs för ett företag i ett annat EU-land.')).toBeVisible();
  const reverseVat = page.getByLabel('Omvänd betalningsskyldighet');
  await expect(reverseVat).toBeDisabled();
  await page.getByLabel('Momsregistreringsnummer').fill('DE123456788');
  await expect(reverseVat).toBeEnabled();
  await expect(reverseVat).toBeChecked();
  // The invoice language followed the country.
  await expect(page.getByRole('radio', { name: 'English' })).toBeChecked();

  await page.getByLabel('Gatuadress').fill('Hauptstraße 1');
  await page.getByLabel('Postnummer').fill('10115');
  await page.getByLabel('Ort', { exact: true }).fill('Berlin');
  await page.getByLabel('Kontaktpersonens e-post').fill('kontakt@beispiel.example');
  await page.getByLabel('E-post för fakturor').fill('rechnung@beispiel.example');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/customers') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Skapa kund' }).click();
  const { id } = (await (await created).json()) as { id: string };

  await expect(page).toHaveURL('/dashboard/customers');
  await expect(page.getByRole('row').filter({ hasText: 'Beispiel GmbH' })).toContainText('Klar att fakturera');
  const customer = await getCustomer(page, id);
  expect(customer).toMatchObject({
    reverseVat: true,
    organizationType: 'within_eu',
    vatNumber: 'DE123456788',
    invoiceLanguage: 'en',
  });
});
