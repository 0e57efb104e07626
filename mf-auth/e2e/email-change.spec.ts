// Changing the login email: a link to the new address; after confirming, log in again (docs/product/accounts.md#email-change).
import {
  confirmedUser,
  expect,
  loginThroughForm,
  mailboxLink,
  seriousViolations,
  test,
  uniqueEmail,
} from './fixtures.ts';

test('email change → confirm in the browser that is logged in → the result there, logged out → log in again with the new address', async ({
  page,
}) => {
  const account = await confirmedUser(page);
  const section = page.getByRole('region', { name: 'E-post för inloggning' });
  const newEmail = uniqueEmail('changed');

  await section.getByLabel('Ny e-postadress').fill(account.email);
  await section.getByLabel('Ditt lösenord').fill(account.password);
  await section.getByRole('button', { name: 'Skicka bekräftelselänk' }).click();
  await expect(section.getByText('Det här är redan din e-postadress')).toBeVisible();

  await section.getByLabel('Ny e-postadress').fill(newEmail);
  await section.getByLabel('Ditt lösenord').fill('wrong-password');
  await section.getByRole('button', { name: 'Skicka bekräftelselänk' }).click();
  await expect(section.getByText('Lösenordet stämmer inte')).toBeVisible();
  await expect(section.getByLabel('Ny e-postadress')).toHaveValue(newEmail);

  await section.getByLabel('Ditt lösenord').fill(account.password);
  await section.getByRole('button', { name: 'Skicka bekräftelselänk' }).click();
  await expect(section.getByRole('status')).toContainText(newEmail);
  await page.reload();
  await expect(section.getByText(/Väntar på bekräftelse/)).toContainText(newEmail);

  // Confirmed in the browser that is logged in: the result shows there, logged out.
  const link = await mailboxLink(page, newEmail, '/email-change-confirm');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Din e-postadress är bytt' })).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();
  // The shell noticed: no header with a settings menu any more, and the result stays on screen.
  await expect(page.getByRole('button', { name: /Test Frilansare/ })).toBeHidden();
  await page.getByRole('link', { name: 'Logga in igen' }).click();
  await expect(page.getByLabel('E-post')).toHaveValue(newEmail);

  // Every session ended: the dashboard asks for a login.
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await loginThroughForm(page, account);
  await expect(page.getByRole('alert')).toHaveText('Fel e-post eller lösenord');
  await loginThroughForm(page, { email: newEmail, password: account.password });
  await expect(page).toHaveURL('/dashboard/home');
});

test('a broken email change link says it does not work', async ({ page }) => {
  await page.goto('/email-change-confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA&hl=en');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
  await page.goto('/email-change-confirm');
  await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
});

test('the notice to the old address stops the change: the new address cannot be confirmed, everyone logs in again', async ({
  page,
  browser,
}) => {
  const account = await confirmedUser(page);
  const newEmail = uniqueEmail('unwanted');
  const section = page.getByRole('region', { name: 'E-post för inloggning' });
  await section.getByLabel('Ny e-postadress').fill(newEmail);
  await section.getByLabel('Ditt lösenord').fill(account.password);
  await section.getByRole('button', { name: 'Skicka bekräftelselänk' }).click();
  await expect(section.getByRole('status')).toContainText(newEmail);

  // The owner opens the notice in another browser, in English: opening the page changes nothing.
  const context = await browser.newContext();
  const owner = await context.newPage();
  const stopLink = await mailboxLink(owner, account.email, '/email-change-cancel');
  await owner.goto(`${stopLink}&hl=en`);
  await expect(owner.getByRole('heading', { name: 'Stop the change of your email address' })).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  await owner.getByRole('button', { name: 'Stop the change' }).click();
  await expect(owner.getByRole('heading', { name: 'The change is stopped' })).toBeVisible();
  expect(await seriousViolations(owner)).toEqual([]);
  await expect(owner.getByText(account.email)).toBeVisible();
  await owner.getByRole('link', { name: 'Choose a new password' }).click();
  await expect(owner).toHaveURL('/forgotten-password');
  await context.close();

  const confirmLink = await mailboxLink(page, newEmail, '/email-change-confirm');
  await page.goto(confirmLink);
  await expect(page.getByRole('heading', { name: 'Länken fungerar inte' })).toBeVisible();
  await page.goto('/dashboard/home');
  await expect(page).toHaveURL(/\/login\?redirect=/);
});
