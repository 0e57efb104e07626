// Every mf-auth screen passes axe (WCAG 2.1 A/AA) with no serious or critical violation, in its
// empty state and with its messages showing.
import type { Page } from '@playwright/test';
import {
  apiPost,
  confirmedUser,
  expect,
  mailboxLink,
  PASSWORD,
  seriousViolations,
  signUpAccount,
  test,
  uniqueEmail,
} from './fixtures.ts';

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

test('login, empty and with its messages (Swedish and English)', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await expect(page.getByText('E-post måste anges')).toBeVisible();
  await expectAccessible(page);
  await page.goto('/login?hl=en');
  await page.getByLabel('Email').fill('demo@example.com');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expectAccessible(page);
});

// With sign-up.spec.ts's rule messages on the same form (a test of its own before, loading the page again).
test('sign-up, with its messages and after sending', async ({ page }) => {
  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Skapa ditt konto' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByText('Du måste godkänna villkoren')).toBeVisible();
  await expectAccessible(page);
  await test.step('every sign-up rule has its message, and what was typed stays', async () => {
    for (const text of [
      'Ange ditt förnamn',
      'Ange ditt efternamn',
      'Ange din e-postadress',
      'Ange ett lösenord',
      'Skriv lösenordet en gång till',
      'Du måste godkänna villkoren',
    ]) {
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Förnamn')).toBeFocused();

    await page.getByLabel('Förnamn').fill('Saga');
    await page.getByLabel('E-post').fill('saga@');
    await page.getByLabel('Lösenord', { exact: true }).fill('kort');
    await page.getByLabel('Upprepa lösenordet').fill('annat');
    await page.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(page.getByText('Ange en e-postadress som namn@exempel.se')).toBeVisible();
    await expect(page.getByText('Lösenordet måste ha minst 8 tecken')).toBeVisible();
    await expect(page.getByText('Lösenorden måste vara lika')).toBeVisible();
    await expect(page.getByLabel('Förnamn')).toHaveValue('Saga');
    await expect(page.getByLabel('Efternamn')).toBeFocused();
  });
  await page.getByLabel('Förnamn').fill('Saga');
  await page.getByLabel('Efternamn').fill('Nilsson');
  await page.getByLabel('E-post').fill(uniqueEmail('a11y'));
  await page.getByLabel('Lösenord', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Upprepa lösenordet').fill(PASSWORD);
  await page.getByLabel('Jag godkänner villkoren').check();
  await page.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByRole('heading', { name: 'Titta i din inkorg' })).toBeVisible();
  await expectAccessible(page);
});

// With password-reset.spec.ts's checks of the same two forms (they were tests of their own, each loading the page):
// the address is checked first; the new password needs 8 characters; a broken link says so.
test('forgotten password and the reset screen: the address checked first, 8 characters, a broken link said so', async ({
  page,
}) => {
  await page.goto('/forgotten-password');
  await expectAccessible(page);
  await test.step('the forgotten-password form checks the address first', async () => {
    await page.getByRole('button', { name: 'Skicka länken' }).click();
    await expect(page.getByText('Ange din e-postadress')).toBeVisible();
    await page.getByLabel('E-post').fill('not-an-address');
    await page.getByRole('button', { name: 'Skicka länken' }).click();
    await expect(page.getByText('Ange en e-postadress som namn@exempel.se')).toBeVisible();
  });
  await page.getByLabel('E-post').fill('someone@example.com');
  await page.getByRole('button', { name: 'Skicka länken' }).click();
  await expect(page.getByRole('heading', { name: 'Titta i din inkorg' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/reset-password/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expectAccessible(page);
  await test.step('the new password needs 8 characters', async () => {
    await page.getByLabel('Nytt lösenord').fill('kort');
    await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
    await expect(page.getByText('Lösenordet måste ha minst 8 tecken')).toBeVisible();
  });
  await page.getByLabel('Nytt lösenord').fill('long-enough-password');
  await page.getByLabel('Upprepa det nya lösenordet').fill('long-enough-password');
  await page.getByRole('button', { name: 'Spara nytt lösenord' }).click();
  await expect(page.getByRole('alert')).toContainText('Länken är inte giltig.');
  await expectAccessible(page);
});

test('confirmation: please-confirm, confirmed and a broken link', async ({ page }) => {
  const account = await signUpAccount(page);
  await apiPost(page, '/api/auth/login', { email: account.email, password: account.password });
  await page.goto('/dashboard/home');
  await expect(page.getByRole('heading', { name: 'Bekräfta din e-postadress' })).toBeVisible();
  await expectAccessible(page);
  await page.goto('/confirm/2b7f1e0a-0000-4000-8000-000000000000/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Länken fungerar inte' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Skicka länken igen' })).toBeVisible();
  await expectAccessible(page);
  await page.goto(await mailboxLink(page, account.email, '/confirm/'));
  await expect(page.getByRole('heading', { name: 'Din e-post är bekräftad' })).toBeVisible();
  await expectAccessible(page);
});

test('the email change result, failed and done', async ({ page }) => {
  await page.goto('/email-change-confirm?token=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('heading', { name: 'Länken fungerar inte' })).toBeVisible();
  await expectAccessible(page);
  const account = await confirmedUser(page);
  const newEmail = uniqueEmail('a11y-changed');
  await apiPost(page, '/api/auth/email-change', { email: newEmail, password: account.password });
  await page.goto(await mailboxLink(page, newEmail, '/email-change-confirm'));
  await expect(page.getByRole('heading', { name: 'Din e-postadress är bytt' })).toBeVisible();
  await expectAccessible(page);
});

test('the profile with its prompts, and with messages on every card of the one form', async ({ page }) => {
  // Two full-page axe scans of the longest page.
  test.setTimeout(90_000);
  await confirmedUser(page);
  await expect(page.getByRole('region', { name: 'Lägg till ditt telefonnummer' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('region', { name: 'Lägg till ditt telefonnummer' }).getByLabel('Telefonnummer').fill('12');
  await page.getByRole('region', { name: 'Adress' }).getByLabel('Ort').fill('Stockholm');
  await page.getByRole('region', { name: 'Lön och utbetalning' }).getByLabel('Pension').fill('31');
  await page.getByRole('group', { name: 'Spara profilen' }).getByRole('button', { name: 'Spara' }).click();
  await page.getByRole('region', { name: 'Lösenord', exact: true }).locator('button[type=submit]').click();
  await expect(page.getByText('Ange din gatuadress')).toBeVisible();
  await expect(page.getByText('Du har ändringar som inte är sparade.')).toBeVisible();
  await expectAccessible(page);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });
  test('the profile in English', async ({ page }) => {
    await confirmedUser(page, '/dashboard/profile?hl=en', 'en');
    await expect(page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    await expectAccessible(page);
  });
});
