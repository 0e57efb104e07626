// /dashboard/profile against the real BFF: one form with one Save stores every card at once, survives
// a reload, warns before unsaved changes are lost, and shows the BFF's field errors in the reader's language.
import type { Page } from '@playwright/test';
import { closeTabWithUnsavedChanges } from '../../tools/testing/e2e.ts';
import { confirmedUser, expect, loginThroughForm, seriousViolations, shootPageAndCard, test } from './fixtures.ts';

const section = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

const save = (page: Page, name = 'Spara') =>
  page.getByRole('group', { name: /Spara profilen|Save the profile/ }).getByRole('button', { name });

test('a new user is prompted for the phone number and told the personnummer is missing', async ({ page }) => {
  await confirmedUser(page);
  const prompt = section(page, 'Lägg till ditt telefonnummer');
  const notice = page.getByRole('complementary', { name: 'Ditt personnummer saknas' });
  await expect(prompt).toBeVisible();
  await expect(notice).toBeVisible();

  await prompt.getByLabel('Telefonnummer').fill('12');
  await save(page).click();
  await expect(prompt.getByLabel('Telefonnummer')).toHaveAccessibleDescription(
    /Ange ett telefonnummer som 070-123 45 67 eller \+46 70 123 45 67/,
  );
  await expect(prompt.getByLabel('Telefonnummer')).toBeFocused();

  await prompt.getByLabel('Telefonnummer').fill('070-123 45 67');
  await notice.getByRole('button', { name: 'Lägg till det nu' }).click();
  await expect(section(page, 'Personnummer').getByLabel('Personnummer')).toBeFocused();
  await page.keyboard.type('19900101-1239');
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Din profil är sparad.' })).toBeVisible();
  // The card keeps its place (nothing jumps), now named for what it holds.
  await expect(section(page, 'Telefonnummer').getByLabel('Telefonnummer')).toHaveValue('+46701234567');
  await expect(notice).toBeHidden();

  await page.reload();
  await expect(section(page, 'Personuppgifter')).toBeVisible();
  await expect(section(page, 'Lägg till ditt telefonnummer')).toBeHidden();
  await expect(notice).toBeHidden();
  await expect(section(page, 'Telefonnummer').getByLabel('Telefonnummer')).toHaveValue('+46701234567');
  await expect(section(page, 'Personnummer').getByLabel('Personnummer')).toHaveValue('19900101-1239');
});

test('one form, one save: what was typed in every card, the vacation pay saved too, is stored by one request', async ({
  page,
}) => {
  await confirmedUser(page);
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith('/api/auth/profile')) patches.push(request.postData()!);
  });
  await section(page, 'Personuppgifter').getByLabel('Förnamn').fill('Ingrid');
  await section(page, 'Lägg till ditt telefonnummer').getByLabel('Telefonnummer').fill('070-123 45 67');
  const address = section(page, 'Adress');
  await address.getByLabel('Gatuadress').fill('Storgatan 1');
  await address.getByLabel('Postnummer').fill('11122');
  await address.getByLabel('Ort').fill('Stockholm');
  await section(page, 'Lön och utbetalning').getByLabel('Inkomstskatt').fill('32,5');
  await section(page, 'Lön och utbetalning').getByLabel('Direkt').check();
  // Saving the vacation pay (issue 25) is a choice here, off by default and explained where it is chosen.
  const vacationPay = section(page, 'Lön och utbetalning').getByRole('checkbox', { name: 'Spara semesterersättning' });
  await expect(vacationPay).not.toBeChecked();
  await expect(vacationPay).toHaveAccessibleDescription(
    /Din lön innehåller 12 % semesterersättning\. .* till midsommar, eller när du vill\./,
  );
  await vacationPay.check();
  await expect(page.getByText('Du har ändringar som inte är sparade.')).toBeVisible();
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Din profil är sparad.' })).toBeVisible();
  await expect(page.getByText('Du har ändringar som inte är sparade.')).toBeHidden();
  await expect(page.getByText('Sparat', { exact: true })).toBeVisible();
  expect(patches).toHaveLength(1);
  // Only what changed is sent.
  expect(JSON.parse(patches[0]!)).toEqual({
    firstName: 'Ingrid',
    phoneNumber: '070-123 45 67',
    address: { streetName: 'Storgatan 1', postalCode: '11122', city: 'Stockholm', country: 'SE' },
    incomeTaxRate: 32.5,
    payoutPreference: 'payout_immediate',
    saveVacationPay: true,
  });
  expect(await seriousViolations(page)).toEqual([]);
  await shootPageAndCard(page, 'profile-vacation-pay-sv', section(page, 'Lön och utbetalning'));

  await page.reload();
  await expect(section(page, 'Personuppgifter').getByLabel('Förnamn')).toHaveValue('Ingrid');
  await expect(section(page, 'Telefonnummer').getByLabel('Telefonnummer')).toHaveValue('+46701234567');
  await expect(section(page, 'Adress').getByLabel('Postnummer')).toHaveValue('111 22');
  await expect(section(page, 'Lön och utbetalning').getByLabel('Inkomstskatt')).toHaveValue('32,5');
  await expect(section(page, 'Lön och utbetalning').getByLabel('Direkt')).toBeChecked();
  await expect(vacationPay).toBeChecked();
});

test('unsaved profile changes: the sidebar asks first (keep editing, leave, save and leave); closing the tab asks too', async ({
  page,
}) => {
  await confirmedUser(page);
  const firstName = section(page, 'Personuppgifter').getByLabel('Förnamn');
  await firstName.fill('Karin');
  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Kunder' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Du har ändringar som inte är sparade' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Fortsätt redigera' }).click();
  await expect(page).toHaveURL(/\/dashboard\/profile/);
  await expect(firstName).toHaveValue('Karin');

  await page.getByRole('navigation', { name: 'Huvudmeny' }).getByRole('link', { name: 'Översikt' }).click();
  await dialog.getByRole('button', { name: 'Lämna utan att spara' }).click();
  await expect(page).toHaveURL('/dashboard/home');

  // The browser's back and forward buttons: save and leave stores what was typed, then goes on.
  await page.goBack();
  await expect(section(page, 'Personuppgifter').getByLabel('Förnamn')).toHaveValue('Test');
  await section(page, 'Personuppgifter').getByLabel('Förnamn').fill('Karin');
  await page.goForward();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Spara och lämna' }).click();
  await expect(page).toHaveURL('/dashboard/home');
  await page.goBack();
  await expect(section(page, 'Personuppgifter').getByLabel('Förnamn')).toHaveValue('Karin');

  // Closing the tab: the browser's own prompt.
  await section(page, 'Personuppgifter').getByLabel('Förnamn').fill('Lisa');
  expect(await closeTabWithUnsavedChanges(page)).toBe('beforeunload');
});

test('personnummer: format, date and check digit each have their message; a typed number is tidied on leaving the field; the alternate email must differ from the login email', async ({
  page,
}) => {
  const account = await confirmedUser(page);
  const card = section(page, 'Personnummer');
  const input = card.getByLabel('Personnummer');
  await expect(input).toHaveAccessibleDescription(/Till exempel 19900101-1234 eller 900101-1234/);
  await expect(input).not.toHaveAccessibleDescription(/12 siffror/);
  for (const [value, message] of [
    ['12345', 'Skriv personnumret som ÅÅÅÅMMDD-NNNN eller ÅÅMMDD-NNNN, med eller utan bindestreck'],
    ['19901301-1234', 'Födelsedatumet i numret finns inte. Kontrollera år, månad och dag.'],
    ['19900101-1235', 'Sista siffran stämmer inte med de andra. Kontrollera att numret är rätt skrivet.'],
  ] as const) {
    await input.fill(value);
    await save(page).click();
    await expect(input).toHaveAccessibleDescription(new RegExp(message.replace(/[().+-]/g, '\\$&')));
    await expect(input).toHaveValue(value);
  }
  await input.fill('9001011239');
  await input.blur();
  await expect(input).toHaveValue('19900101-1239');
  await save(page).click();
  await expect(page.getByRole('status').filter({ hasText: 'Din profil är sparad.' })).toBeVisible();
  await page.reload();
  await expect(section(page, 'Personnummer').getByLabel('Personnummer')).toHaveValue('19900101-1239');

  // The alternate email must differ from the login email (checked by the BFF).
  const personal = section(page, 'Personuppgifter');
  await personal.getByLabel(/Alternativ e-post/).fill(account.email);
  await save(page).click();
  await expect(personal.getByLabel(/Alternativ e-post/)).toHaveAccessibleDescription(
    /Ange en annan adress än den du loggar in med/,
  );
});

test('tax and pension: bounds and two decimals, checked before sending and by the BFF', async ({ page }) => {
  await confirmedUser(page);
  const salary = section(page, 'Lön och utbetalning');
  const tax = salary.getByLabel('Inkomstskatt');
  const pension = salary.getByLabel('Pension');
  await expect(salary.getByText('Oftast 30–50 % för egenanställda', { exact: false })).toBeVisible();
  await expect(salary.getByText('Vi rekommenderar 4,5 % av lönen', { exact: false })).toBeVisible();
  await expect(tax).toHaveValue('30');
  await expect(pension).toHaveValue('0');

  await tax.fill('61');
  await pension.fill('4,555');
  await save(page).click();
  await expect(tax).toHaveAccessibleDescription(/Inkomstskatten kan vara högst 60 %/);
  await expect(pension).toHaveAccessibleDescription(/Använd högst 2 decimaler/);
  await expect(tax).toBeFocused();

  await tax.fill('-1');
  await pension.fill('31');
  await save(page).click();
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
  await save(page).click();
  await expect(tax).toHaveAccessibleDescription(/Inkomstskatten kan vara högst 60 %/);
  await expect(tax).toHaveValue('40');
});

test('when the save fails, nothing typed is lost and the next try saves it', async ({ page }) => {
  await confirmedUser(page, '/dashboard/profile?hl=en');
  await page.route('**/api/auth/profile', (route) =>
    route.request().method() === 'PATCH' ? route.abort('connectionfailed') : route.continue(),
  );
  await section(page, 'Add your phone number').getByLabel('Phone number').fill('070-123 45 67');
  await section(page, 'Address').getByLabel('Street address').fill('Storgatan 1');
  await section(page, 'Address').getByLabel('Postal code').fill('211 22');
  await section(page, 'Address').getByLabel('City').fill('Malmö');
  await save(page, 'Save').click();
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(section(page, 'Add your phone number').getByLabel('Phone number')).toHaveValue('070-123 45 67');
  await expect(section(page, 'Address').getByLabel('City')).toHaveValue('Malmö');
  await page.unroute('**/api/auth/profile');
  await save(page, 'Save').click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
});

// There and back in one account (they were two tests, each with its account and page load), and the password change on
// the same page (a test of its own before).
test('choosing English switches the app at once and stays after a reload; back to Swedish, the confirmation is in Swedish too; then a new password', async ({
  page,
}) => {
  const account = await confirmedUser(page);
  const language = section(page, 'Språk');
  await language.getByLabel('English').check();
  await save(page).click();
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My profile', level: 1 })).toBeVisible();
  await expect(section(page, 'Language').getByLabel('English')).toBeChecked();

  await section(page, 'Language').getByLabel('Svenska').check();
  await save(page, 'Save').click();
  await expect(page.getByRole('heading', { name: 'Min profil', level: 1 })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Din profil är sparad.' })).toBeVisible();
  // Changing the password (its own form on the same page): the current one is checked, then the new one logs in.
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

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the saved notification stays under the header, clear of the menu button; buttons are 44 px to tap', async ({
    page,
  }) => {
    await confirmedUser(page);
    const menuButton = page.getByRole('button', { name: 'Öppna menyn' });
    const menuBox = (await menuButton.boundingBox())!;
    expect(menuBox.width).toBeGreaterThanOrEqual(44);
    expect(menuBox.height).toBeGreaterThanOrEqual(44);
    const saveBox = (await save(page).boundingBox())!;
    expect(saveBox.height).toBeGreaterThanOrEqual(44);

    await section(page, 'Personuppgifter').getByLabel('Förnamn').fill('Maja');
    await save(page).click();
    const toast = page.getByRole('status').filter({ hasText: 'Din profil är sparad.' });
    await expect(toast).toBeVisible();
    const header = (await page.locator('header').first().boundingBox())!;
    const toastBox = (await toast.boundingBox())!;
    expect(toastBox.y).toBeGreaterThanOrEqual(header.y + header.height);
  });
});
