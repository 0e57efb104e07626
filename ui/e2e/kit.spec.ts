// The kit's components in a real browser, on the gallery page (served outside production): number
// inputs in both languages, useForm's mapping of a problem body and where focus goes, the dialog's
// focus trap and return, and the search box.
import { expect, test, type Page } from '@playwright/test';

const gallery = (page: Page, hl: 'sv' | 'en' = 'sv') => page.goto(`/ui-gallery/?hl=${hl}`);

test('money in Swedish: "1 234,50" is 123450 minor units, written back the Swedish way; a percentage in hundredths', async ({
  page,
}) => {
  await gallery(page, 'sv');
  const amount = page.getByLabel('Amount');
  await amount.fill('1 234,50');
  await expect(page.getByTestId('amount-minor')).toHaveText('123450');
  await amount.fill('1234.5');
  await expect(page.getByTestId('amount-minor')).toHaveText('123450');
  await amount.blur();
  await expect(amount).toHaveValue('1\u00a0234,50');
  await amount.fill('12,345');
  await expect(page.getByTestId('amount-minor')).toHaveText('–');

  // On the same Swedish page (it was a test of its own, with its own page load).
  await test.step('a percentage: "32,5 %" is 3250 hundredths', async () => {
    const rate = page.getByLabel('Rate');
    await rate.fill('32,5 %');
    await expect(page.getByTestId('rate-hundredths')).toHaveText('3250');
    await rate.blur();
    await expect(rate).toHaveValue('32,5');
  });
});

test('money in English: "1,234.50" is 123450 minor units, written back the English way', async ({ page }) => {
  await gallery(page, 'en');
  const amount = page.getByLabel('Amount');
  await amount.fill('1,234.50');
  await expect(page.getByTestId('amount-minor')).toHaveText('123450');
  await amount.fill('1,234');
  await expect(page.getByTestId('amount-minor')).toHaveText('123400');
  await amount.blur();
  await expect(amount).toHaveValue('1,234.00');
});

test('useForm: a check in the browser puts the error on its field and focus there', async ({ page }) => {
  await gallery(page, 'en');
  const form = page.getByRole('form', { name: 'Demo form' });
  await page.getByLabel('Amount').fill('12.345');
  await form.getByRole('button', { name: 'Save' }).click();
  const name = page.getByLabel('Name', { exact: true });
  await expect(name).toBeFocused();
  await expect(name).toHaveAccessibleDescription('Fill in the field');
  await expect(page.getByLabel('Amount')).toHaveAccessibleDescription(/Use at most 2 decimals/);
  // Editing a field takes its error back.
  await name.fill('Anna');
  await expect(name).not.toHaveAttribute('aria-invalid');
});

test("useForm: the problem body's field errors land on their fields, the rest above the form", async ({ page }) => {
  await gallery(page, 'en');
  await page.getByLabel('Name', { exact: true }).fill('Anna');
  await page.getByLabel('Amount').fill('2000');
  await page.getByRole('button', { name: 'Save' }).click();
  const amount = page.getByLabel('Amount');
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAccessibleDescription(/The highest value is 1 000,00/);
  await expect(page.getByLabel('City')).toHaveAccessibleDescription('Fill in the field');
  // `reference` is not a field of this form: explained above it.
  await expect(page.getByRole('alert').filter({ hasText: 'Some details need a look.' })).toBeVisible();
  // What was typed stays (written the language's way once the field was left).
  await expect(amount).toHaveValue('2,000.00');
});

test('useForm: a failure without field errors is explained above the form, which takes focus', async ({ page }) => {
  await gallery(page, 'en');
  await page.getByLabel('Name', { exact: true }).fill('Anna');
  await page.getByLabel('A conflict (no field errors)').check();
  await page.getByRole('button', { name: 'Save' }).click();
  const alert = page.getByRole('alert').filter({ hasText: 'Someone else changed this while you were typing.' });
  await expect(alert).toBeFocused();
});

test('the dialog keeps focus inside, closes on Escape and gives focus back', async ({ page }) => {
  await gallery(page, 'en');
  const opener = page.getByRole('button', { name: 'Open the dialog' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'A dialog' });
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await expect(dialog.getByRole('button', { name: 'OK' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
});

test('a click outside the dialog closes it, but not the second click of a double click', async ({ page }) => {
  await gallery(page, 'en');
  await page.getByRole('button', { name: 'Open the dialog' }).click();
  const dialog = page.getByRole('dialog', { name: 'A dialog' });
  await expect(dialog).toBeVisible();
  // The second click of a double click whose first opened it (or clicked a dialog before it) lands outside: it stays.
  await page.mouse.move(4, 4);
  await page.mouse.down({ clickCount: 2 });
  await page.mouse.up({ clickCount: 2 });
  await expect(dialog).toBeVisible();
  await page.mouse.click(4, 4);
  await expect(dialog).toBeHidden();
});

// The unsaved-changes guard (useUnsavedChangesGuard) is proven on a real form: mf-customers/e2e/unsaved-changes.spec.ts
// (a link asks; keep editing keeps what was typed and gives focus back to the link; leave goes without saving; save and
// leave saves, then goes) and mf-auth/e2e/profile.spec.ts's unsaved profile changes.

test('the search box searches once typing pauses, at once on Enter, trimmed and cut, and follows a clear from outside', async ({
  page,
}) => {
  // The page's clock moves only when the test moves it: typing takes no time however busy the machine is, and the pause
  // is exactly as long as the test says. An installed clock still follows real time until it is paused (a CI run on a
  // busy machine once typed slower than the pause), so it is paused once the gallery is up.
  const installed = new Date('2026-01-05T09:00:00Z').getTime();
  await page.clock.install({ time: installed });
  await gallery(page, 'en');
  await page.clock.pauseAt(installed + 3_600_000);
  const box = page.getByRole('searchbox', { name: 'Search customers' });
  await box.pressSequentially('  volvo ');
  await expect(box).toHaveValue('  volvo ');
  await expect(page.getByTestId('search-count')).toHaveText('0');
  await page.clock.runFor(1_000);
  await expect(page.getByTestId('search-q')).toHaveText('volvo');
  // One search for the whole word, not one per key.
  await expect(page.getByTestId('search-count')).toHaveText('1');
  await box.fill('a very long search for something');
  await box.press('Enter');
  await expect(page.getByTestId('search-q')).toHaveText('a very long search f');
  await page.getByRole('button', { name: 'Clear from outside' }).click();
  await expect(box).toHaveValue('');
  // The cleared value is in effect: nothing is searched again, however long one waits.
  await page.clock.runFor(5_000);
  await expect(page.getByTestId('search-count')).toHaveText('2');
});
