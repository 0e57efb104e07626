// /dashboard/profile against the real BFF: every section saves, survives a reload, and shows the
// BFF's field errors in the reader's language.
import type { Page } from '@playwright/test';
import { confirmedUser, expect, loginThroughForm, test } from './fixtures.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('a new user is prompted for the phone number and told the personnummer is missing', async ({ page }) => {
  await confirmedUser(page);
  const prompt = section(page, 'Lägg till ditt telefonnummer');
  const notice = page.getByRole('complementary', { name: 'Ditt personnummer saknas' });
  await expect(prompt).toBeVisible();
  await expect(notice).toBeVisible();

  await prompt.getByLabel('Telefonnummer').fill('12');
  await prompt.getByRole('button', { name: 'Spara telefonnummer' }).click();
  await expect(prompt.getByLabel('Telefonnummer')).toHaveAccessibleDescription(
    /Ange ett telefonnummer som 070-123 45 67 eller \+46 70 123 45 67/,
  );

  await prompt.getByLabel('Telefonnummer').fill('070-123 45 67');
  await prompt.getByRole('button', { name: 'Spara telefonnummer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Ditt telefonnummer är sparat.' })).toBeVisible();
  await expect(section(page, 'Telefonnummer').getByLabel('Telefonnummer')).toHaveValue('+46701234567');

  await notice.getByRole('button', { name: 'Lägg till det nu' }).click();
  await expect(section(page, 'Personnummer').getByLabel('Personnummer')).toBeFocused();
  await page.keyboard.type('19900101-1239');
  await section(page, 'Personnummer').getByRole('button', { name: 'Spara' }).click();
  await expect(notice).toBeHidden();

  await page.reload();
  await expect(section(page, 'Personuppgifter')).toBeVisible();
  await expect(section(page, 'Lägg till ditt telefonnummer')).toBeHidden();
  await expect(notice).toBeHidden();
  await expect(section(page, 'Telefonnummer').getByLabel('Telefonnummer')).toHaveValue('+46701234567');
  await expect(section(page, 'Personnummer').getByLabel('Personnummer')).toHaveValue('19900101-1239');
});

test('when the phone number cannot be saved: "Oops, We could not save your phone number. Please try again."', async ({
  page,
}) => {
  await confirmedUser(page, '/dashboard/profile?hl=en');
  await page.route('**/api/auth/profile', (route) =>
    route.request().method() === 'PATCH' ? route.abort('connectionfailed') : route.continue(),
  );
  const prompt = section(page, 'Add your phone number');
  await prompt.getByLabel('Phone number').fill('070-123 45 67');
  await prompt.getByRole('button', { name: 'Save phone number' }).click();
  await expect(prompt.getByRole('alert')).toHaveText('Oops, We could not save your phone number. Please try again.');
  await expect(prompt.getByLabel('Phone number')).toHaveValue('070-123 45 67');

  await page.unroute('**/api/auth/profile');
  await prompt.getByRole('button', { name: 'Save phone number' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your phone number is saved.' })).toBeVisible();
});

test('personnummer: format, date and check digit each have their message', async ({ page }) => {
  await confirmedUser(page);
  const card = section(page, 'Personnummer');
  const input = card.getByLabel('Personnummer');
  for (const [value, message] of [
    ['12345', 'Skriv numret som ÅÅÅÅMMDD-NNNN (12 siffror) eller ÅÅMMDD-NNNN'],
    ['19901301-1234', 'Födelsedatumet i numret finns inte. Kontrollera år, månad och dag.'],
    ['19900101-1235', 'Sista siffran stämmer inte med de andra. Kontrollera att numret är rätt skrivet.'],
  ] as const) {
    await input.fill(value);
    await card.getByRole('button', { name: 'Spara' }).click();
    await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[().+-]/g, '\\$&')));
    await expect(input).toHaveValue(value);
  }
  await input.fill('900101-1239');
  await card.getByRole('button', { name: 'Spara' }).click();
  // Stored normalised, shown in the usual written form.
  await expect(input).toHaveValue('19900101-1239');
});

test('personal details, address and salary settings persist across a reload', async ({ page }) => {
  await confirmedUser(page);
  const personal = section(page, 'Personuppgifter');
  await personal.getByLabel('Förnamn').fill('Ingrid');
  await personal.getByLabel('Efternamn').fill('Åberg');
  await personal.getByLabel(/Alternativ e-post/).fill('ingrid.privat@example.com');
  await personal.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dina personuppgifter är sparade.' })).toBeVisible();
  // The shell re-read the session: the header greets the new name.
  await expect(page.getByRole('button', { name: /Ingrid Åberg/ })).toBeVisible();

  const address = section(page, 'Adress');
  await address.getByRole('button', { name: 'Spara' }).click();
  await expect(address.getByText('Ange din gatuadress')).toBeVisible();
  await address.getByLabel('Gatuadress').fill('Storgatan 1');
  await address.getByLabel('Postnummer').fill('11122');
  await address.getByLabel('Ort').fill('Stockholm');
  await address.getByRole('button', { name: 'Spara' }).click();
  await expect(address.getByLabel('Postnummer')).toHaveValue('111 22');

  const salary = section(page, 'Lön och utbetalning');
  await expect(salary.getByText('Oftast 30–50 % för egenanställda', { exact: false })).toBeVisible();
  await expect(salary.getByText('Vi rekommenderar 4,5 % av lönen', { exact: false })).toBeVisible();
  await salary.getByLabel('Inkomstskatt').fill('32,5');
  await salary.getByLabel('Pension').fill('4,5');
  await salary.getByLabel('Direkt').check();
  await salary.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Dina löneinställningar är sparade.' })).toBeVisible();

  await page.reload();
  await expect(section(page, 'Personuppgifter').getByLabel('Förnamn')).toHaveValue('Ingrid');
  await expect(section(page, 'Personuppgifter').getByLabel(/Alternativ e-post/)).toHaveValue(
    'ingrid.privat@example.com',
  );
  await expect(section(page, 'Adress').getByLabel('Gatuadress')).toHaveValue('Storgatan 1');
  await expect(section(page, 'Adress').getByLabel('Land')).toHaveValue('SE');
  await expect(section(page, 'Lön och utbetalning').getByLabel('Inkomstskatt')).toHaveValue('32,5');
  await expect(section(page, 'Lön och utbetalning').getByLabel('Pension')).toHaveValue('4,5');
  await expect(section(page, 'Lön och utbetalning').getByLabel('Direkt')).toBeChecked();
});

test('tax and pension: bounds and two decimals, checked before sending and by the BFF', async ({ page }) => {
  await confirmedUser(page);
  const salary = section(page, 'Lön och utbetalning');
  const tax = salary.getByLabel('Inkomstskatt');
  const pension = salary.getByLabel('Pension');
  await expect(tax).toHaveValue('30');
  await expect(pension).toHaveValue('0');

  await tax.fill('61');
  await pension.fill('4,555');
  await salary.getByRole('button', { name: 'Spara' }).click();
  await expect(tax).toHaveAccessibleDescription(/Inkomstskatten kan vara högst 60 %/);
  await expect(pension).toHaveAccessibleDescription(/Använd högst 2 decimaler/);
  await expect(tax).toBeFocused();

  await tax.fill('-1');
  await pension.fill('31');
  await salary.getByRole('button', { name: 'Spara' }).click();
  await expect(tax).toHaveAccessibleDescription(/Inkomstskatten kan inte vara lägre än 0 %/);
  await expect(pension).toHaveAccessibleDescription(/Pensionsavsättningen kan vara högst 30 %/);

  // The BFF's own answer for a rate out of bounds maps onto the same field and text.
  await page.route('**/api/auth/profile', (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 400,
          contentType: 'application/problem+json',
          body: JSON.stringify({
            type: 'https://frilo.se/problems/validation',
            title: 'Bad Request',
            status: 400,
            code: 'validation',
            errors: [{ field: 'body.incomeTaxRate', code: 'too_large', message: 'x', params: { limit: 60 } }],
          }),
        })
      : route.continue(),
  );
  await tax.fill('40');
  await pension.fill('4,5');
  await salary.getByRole('button', { name: 'Spara' }).click();
  await expect(tax).toHaveAccessibleDescription(/Inkomstskatten kan vara högst 60 %/);
  await expect(tax).toHaveValue('40');
});

test('the alternate email must differ from the login email (checked by the BFF)', async ({ page }) => {
  const account = await confirmedUser(page);
  const personal = section(page, 'Personuppgifter');
  await personal.getByLabel(/Alternativ e-post/).fill(account.email);
  await personal.getByRole('button', { name: 'Spara' }).click();
  await expect(personal.getByLabel(/Alternativ e-post/)).toHaveAccessibleDescription(
    /Ange en annan adress än den du loggar in med/,
  );
});

test('choosing English switches the app at once and stays after a reload', async ({ page }) => {
  await confirmedUser(page);
  const language = section(page, 'Språk');
  await language.getByLabel('English').check();
  await language.getByRole('button', { name: 'Spara' }).click();
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your language is saved.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  await expect(section(page, 'Language').getByLabel('English')).toBeChecked();
});

test('from English back to Swedish, the confirmation is in Swedish too', async ({ page }) => {
  await confirmedUser(page, '/dashboard/profile?hl=en', 'en');
  const language = section(page, 'Language');
  await language.getByLabel('Svenska').check();
  await language.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: 'Min profil', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Ditt språk är sparat.' })).toBeVisible();
});

test('changing the password: the current one is checked, then the new one logs in', async ({ page }) => {
  const account = await confirmedUser(page);
  const card = section(page, 'Lösenord');
  await card.getByLabel('Nuvarande lösenord').fill('not-my-password');
  await card.getByLabel('Nytt lösenord').fill('my-new-password');
  await card.getByLabel('Upprepa det nya lösenordet').fill('my-new-password');
  await card.getByRole('button', { name: 'Byt lösenord' }).click();
  await expect(card.getByLabel('Nuvarande lösenord')).toHaveAccessibleDescription(
    'Det nuvarande lösenordet stämmer inte',
  );

  await card.getByLabel('Nuvarande lösenord').fill(account.password);
  await card.getByRole('button', { name: 'Byt lösenord' }).click();
  await expect(card.getByText('Ditt lösenord är bytt. Använd det nästa gång du loggar in.')).toBeVisible();
  await expect(card.getByLabel('Nytt lösenord')).toHaveValue('');

  await page.context().clearCookies();
  await page.goto('/login');
  await loginThroughForm(page, { email: account.email, password: 'my-new-password' });
  await expect(page).toHaveURL('/dashboard/home');
});
