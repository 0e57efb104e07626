// Every mf-customers screen and dialog passes axe (WCAG 2.1 A/AA) without serious or critical findings.
import {
  apiWrite,
  createCustomer,
  expect,
  mailboxLink,
  open,
  seriousViolations,
  signUp,
  test,
  uniqueEmail,
} from './fixtures.ts';

test('the list: empty, filled, no results, the delete dialog', async ({ page }) => {
  await signUp(page);
  await open(page, '/dashboard/customers');
  await expect(page.getByRole('heading', { name: 'Lägg till din första kund' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  // search.spec.ts's empty state with its one call to create the first customer (a test of its own before, with its
  // own sign-up and page load).
  await page.getByRole('link', { name: 'Skapa din första kund' }).click();
  await expect(page).toHaveURL('/dashboard/customers/create');

  await createCustomer(page, { email: null });
  await createCustomer(page, { name: 'Spotify AB', governmentId: '556703-7485', vatNumber: null, eInvoice: true });
  await open(page, '/dashboard/customers');
  await expect(page.getByRole('table')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('list', { name: 'Dina kunder' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 860 });

  // A search that finds nothing says so, and clearing it shows everyone again.
  await page.getByRole('searchbox').fill('zzz');
  await expect(page.getByRole('heading', { name: 'Inga kunder hittades' })).toBeVisible();
  await expect(page.getByText('Ingen kund matchar ”zzz”.')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Rensa sökningen' }).click();
  await expect(page.getByRole('searchbox')).toHaveValue('');
  await expect(page.getByRole('link', { name: 'Volvo Personvagnar AB', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Ta bort Spotify AB' }).click();
  await expect(page.getByRole('alertdialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the form: new, refused, edit, verification sent, invoice flow', async ({ page }) => {
  await signUp(page, 'en');
  await open(page, '/dashboard/customers/create', 'en');
  await expect(page.getByRole('heading', { name: 'New customer', level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Create customer' }).click();
  await expect(page.getByLabel('Company name')).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  const customer = await createCustomer(page, {
    name: 'Beispiel GmbH',
    governmentId: null,
    vatNumber: 'DE123456788',
    contactPersonEmail: uniqueEmail('contact'),
    address: { streetName: 'Hauptstraße 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
  });
  await open(page, `/dashboard/customers/edit/${customer.id}`, 'en');
  await expect(page.getByLabel('Reverse VAT')).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Send verification link' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await open(page, `/quotations/recipients/organization/${customer.id}`, 'en');
  await expect(page.getByRole('button', { name: 'Save and return to the invoice' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the public pages: review, corrections, thank-you, used link, link from the email', async ({ page, browser }) => {
  await signUp(page);
  const contactEmail = uniqueEmail('contact');
  const customer = await createCustomer(page, { contactPersonEmail: contactEmail });
  await apiWrite(page, 'POST', `/api/customers/${customer.id}/verification`);
  const link = await mailboxLink(page, contactEmail, '/recipients/');

  const context = await browser.newContext();
  const contact = await context.newPage();
  await contact.goto(link);
  await expect(contact.getByRole('button', { name: 'Uppgifterna stämmer' })).toBeVisible();
  expect(await seriousViolations(contact)).toEqual([]);
  await contact.getByRole('button', { name: 'Något är fel' }).click();
  await contact.getByLabel('Postnummer').fill('1');
  await contact.getByRole('button', { name: 'Bekräfta med mina rättelser' }).click();
  await expect(contact.getByText('Ange postnumret som NNN NN.')).toBeVisible();
  expect(await seriousViolations(contact)).toEqual([]);
  await contact.getByLabel('Postnummer').fill('405 31');
  await contact.getByRole('button', { name: 'Bekräfta med mina rättelser' }).click();
  await expect(contact.getByRole('heading', { name: 'Tack! Uppgifterna är bekräftade' })).toBeVisible();
  expect(await seriousViolations(contact)).toEqual([]);
  await contact.reload();
  await expect(contact.getByRole('heading', { name: 'Uppgifterna är redan bekräftade' })).toBeVisible();
  expect(await seriousViolations(contact)).toEqual([]);
  await contact.goto(`/quotations/recipients/organization/${customer.id}`);
  await expect(contact.getByRole('heading', { name: 'Öppna länken i din e-post' })).toBeVisible();
  expect(await seriousViolations(contact)).toEqual([]);
  // invoice-flow.spec.ts's 'logged out, the recipient address asks for the link from the email' (a test of its own
  // before, with its own sign-up, customer and browser): no form, and "Logga in" comes back here.
  await expect(contact.getByRole('textbox')).toHaveCount(0);
  await contact.getByRole('link', { name: 'Logga in' }).click();
  await expect(contact).toHaveURL(
    `/login?redirect=${encodeURIComponent(`/quotations/recipients/organization/${customer.id}`)}`,
  );
  await context.close();
});
