// Verification end to end: the freelancer sends the link, the contact opens it logged out in
// another browser, confirms (or corrects), and the customer shows as verified. Used, replaced and
// unknown links explain themselves.
import {
  apiWrite,
  createCustomer,
  expect,
  getCustomer,
  mailboxLink,
  open,
  seriousViolations,
  signUp,
  test,
  uniqueEmail,
} from './fixtures.ts';

test('send a verification link (not again within a minute), confirm it logged out, and the customer shows verified', async ({
  page,
  browser,
}) => {
  const freelancer = await signUp(page);
  const contactEmail = uniqueEmail('contact');
  const customer = await createCustomer(page, { contactPersonEmail: contactEmail });
  await open(page, `/dashboard/customers/edit/${customer.id}`);
  await expect(page.getByText('Inte verifierad än')).toBeVisible();

  await page.getByRole('button', { name: 'Skicka verifieringslänk' }).click();
  const sent = page.getByRole('dialog', { name: 'Verifieringslänken har skickats' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText(`Vi har skickat en länk till ${contactEmail}.`);
  await sent.getByRole('button', { name: 'OK' }).click();
  await expect(sent).toBeHidden();
  await expect(page.getByRole('button', { name: 'Skicka verifieringslänk' })).toBeFocused();
  // Sending again within a minute is refused with an explanation (the link sent stays good).
  await page.getByRole('button', { name: 'Skicka verifieringslänk' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'En länk skickades för mindre än en minut sedan. Vänta en minut innan du skickar en till.',
  );

  const link = await mailboxLink(page, contactEmail, '/recipients/');
  expect(link).toMatch(new RegExp(`^/recipients/${customer.id}/verify/[A-Za-z0-9_-]+\\?hl=sv$`));

  const context = await browser.newContext();
  const contact = await context.newPage();
  await contact.goto(link);
  await expect(contact.getByRole('heading', { name: 'Kontrollera dina kontaktuppgifter', level: 1 })).toBeVisible();
  await expect(
    contact.getByText(
      `${freelancer.firstName} ${freelancer.lastName} skickar fakturor till Volvo Personvagnar AB via Frilo`,
    ),
  ).toBeVisible();
  await expect(contact.getByText('556036-0793')).toBeVisible();
  await contact.getByRole('button', { name: 'Uppgifterna stämmer' }).click();
  await expect(contact.getByRole('heading', { name: 'Tack! Uppgifterna är bekräftade' })).toBeVisible();

  // The link works once.
  await contact.reload();
  await expect(contact.getByRole('heading', { name: 'Uppgifterna är redan bekräftade' })).toBeVisible();
  await expect(contact.getByText('Länken har redan använts')).toBeVisible();
  await context.close();

  await open(page, '/dashboard/customers');
  await expect(page.getByRole('row').filter({ hasText: customer.name })).toContainText('Verifierad');
  await open(page, `/dashboard/customers/edit/${customer.id}`);
  await expect(page.getByText(/Verifierad av kontaktpersonen \d/)).toBeVisible();
});

test('the contact corrects the details; the page speaks the invoice language', async ({ page, browser }) => {
  await signUp(page);
  const contactEmail = uniqueEmail('contact');
  const customer = await createCustomer(page, { contactPersonEmail: contactEmail, invoiceLanguage: 'en', email: null });
  await apiWrite(page, 'POST', `/api/customers/${customer.id}/verification`);
  const link = await mailboxLink(page, contactEmail, '/recipients/');

  const context = await browser.newContext();
  const contact = await context.newPage();
  // A Swedish browser, but the customer gets English invoices (and the email was in English).
  await contact.goto(link);
  await expect(contact.getByRole('heading', { name: 'Check your contact details', level: 1 })).toBeVisible();
  await contact.getByRole('button', { name: 'Something is wrong' }).click();
  await expect(contact.getByRole('heading', { name: 'Correct the details' })).toBeFocused();
  await contact.getByLabel('Invoice email').fill('not an email');
  await contact.getByRole('button', { name: 'Confirm with my corrections' }).click();
  await expect(contact.getByText('Enter a valid email address for invoices.')).toBeVisible();
  await contact.getByLabel('Invoice email').fill('ap@volvo.example');
  await contact.getByLabel('City').fill('Torslanda');
  await contact.getByRole('button', { name: 'Confirm with my corrections' }).click();
  await expect(contact.getByRole('heading', { name: 'Thank you! The details are confirmed' })).toBeVisible();
  await expect(contact.getByText('You corrected: invoice email, city')).toBeVisible();
  await context.close();

  expect(await getCustomer(page, customer.id)).toMatchObject({
    verified: true,
    email: 'ap@volvo.example',
    address: { city: 'Torslanda' },
  });
});

test('a replaced, an unknown and an expired link explain themselves', async ({ page, browser }) => {
  await signUp(page);
  const contactEmail = uniqueEmail('contact');
  const customer = await createCustomer(page, { contactPersonEmail: contactEmail });
  await apiWrite(page, 'POST', `/api/customers/${customer.id}/verification`);
  const first = await mailboxLink(page, contactEmail, '/recipients/');
  // A new contact person: the open link went to someone else, so it is retired.
  await apiWrite(page, 'PATCH', `/api/customers/${customer.id}`, { contactPersonEmail: uniqueEmail('new-contact') });

  const context = await browser.newContext();
  const contact = await context.newPage();
  await contact.goto(first);
  await expect(contact.getByRole('heading', { name: 'En nyare länk har skickats' })).toBeVisible();
  await contact.goto(`/recipients/${customer.id}/verify/${'x'.repeat(43)}`);
  await expect(contact.getByRole('heading', { name: 'Vi hittar inte länken' })).toBeVisible();

  // An expired link says so, here in English (the clock cannot be moved here, so the answer is the contract's 410).
  const uuid = '2b7f1e0a-0000-4000-8000-000000000000';
  await contact.route(`**/api/public/recipients/${uuid}/verify/*`, (route) =>
    route.fulfill({
      status: 410,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Gone', status: 410, code: 'verification_link_expired' }),
    }),
  );
  await contact.goto(`/recipients/${uuid}/verify/${'x'.repeat(43)}?hl=en`);
  await expect(contact.getByRole('heading', { name: 'This link has expired' })).toBeVisible();
  await expect(
    contact.getByText('Links work for 7 days. Ask the person who sent it to send you a new one.'),
  ).toBeVisible();
  await context.close();
});

test('the contact stops these emails from the email; the freelancer is told when sending again', async ({
  page,
  browser,
}) => {
  await signUp(page);
  const contactEmail = uniqueEmail('not-me');
  const customer = await createCustomer(page, { contactPersonEmail: contactEmail });
  await apiWrite(page, 'POST', `/api/customers/${customer.id}/verification`);
  const stopLink = await mailboxLink(page, contactEmail, `/recipients/${customer.id}/stop/`);
  expect(stopLink).toMatch(/\?hl=sv$/);

  const context = await browser.newContext();
  const contact = await context.newPage();
  await contact.goto(stopLink);
  await expect(contact.getByRole('heading', { name: 'Stoppa de här mejlen', level: 1 })).toBeVisible();
  expect(await seriousViolations(contact)).toEqual([]);
  await contact.getByRole('button', { name: 'Skicka inga fler sådana mejl till mig' }).click();
  await expect(contact.getByRole('heading', { name: 'Vi skickar inga fler sådana mejl' })).toBeVisible();
  expect(await seriousViolations(contact)).toEqual([]);
  await expect(contact.getByText(contactEmail)).toBeVisible();
  await context.close();

  // Another customer with the same contact: the freelancer learns why nothing can be sent.
  const second = await createCustomer(page, { contactPersonEmail: contactEmail, name: 'Volvo Lastvagnar AB' });
  await open(page, `/dashboard/customers/edit/${second.id}`);
  await page.getByRole('button', { name: 'Skicka verifieringslänk' }).click();
  await expect(page.getByRole('alert')).toContainText(`${contactEmail} har bett att inte få de här mejlen.`);
});
