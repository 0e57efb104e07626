// The customer form inside the invoice flow: it returns to the invoice with the customer chosen.
// Logged out, the edit address is a public one (docs/product/web-app.md#routes) that cannot show anything without the
// email link's secret part.
import { createCustomer, expect, open, signUp, test } from './fixtures.ts';

test('a new customer from the invoice flow returns to the invoice given as returnTo', async ({ page }) => {
  await signUp(page);
  await open(page, `/quotations/recipients/organization?returnTo=${encodeURIComponent('/quotations/edit/42?step=0')}`);
  await expect(page.getByRole('link', { name: 'Tillbaka till fakturan' })).toHaveAttribute(
    'href',
    '/quotations/edit/42?step=0',
  );
  await page.getByLabel('Företagsnamn').fill('Volvo Personvagnar AB');
  await page.getByLabel('Organisationsnummer').fill('556036-0793');
  await page.getByLabel('Gatuadress').fill('Assar Gabrielssons väg 9');
  await page.getByLabel('Postnummer').fill('40531');
  await page.getByLabel('Ort', { exact: true }).fill('Göteborg');
  await page.getByLabel('Kontaktpersonens e-post').fill('anna.berg@volvo.example');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/customers') && r.status() === 201);
  await page.getByRole('button', { name: 'Spara och gå tillbaka till fakturan' }).click();
  const { id } = (await (await created).json()) as { id: string };
  await expect(page).toHaveURL(`/quotations/edit/42?step=0&recipient=${id}`);
});

test('editing from the invoice flow returns to a new invoice; a foreign returnTo is ignored', async ({ page }) => {
  await signUp(page);
  const customer = await createCustomer(page, { email: null });
  await open(
    page,
    `/quotations/recipients/organization/${customer.id}?returnTo=${encodeURIComponent('https://evil.example/')}`,
  );
  await page.getByLabel('E-post för fakturor').fill('ap@volvo.example');
  await page.getByRole('button', { name: 'Spara och gå tillbaka till fakturan' }).click();
  await expect(page).toHaveURL(`/quotations/create?recipient=${customer.id}`);
});

// Logged out, the recipient address asks for the link from the email (no form; "Logga in" comes back to it):
// a11y.spec.ts 'the public pages: review, corrections, thank-you, used link, link from the email'.
