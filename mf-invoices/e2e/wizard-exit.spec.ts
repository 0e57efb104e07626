// Leaving the wizard with unsaved changes asks first, with four choices (spec §2): keep editing,
// continue (save the step and go on to the next one), save and leave, leave without saving. The
// sidebar, the step links and the back button all ask; the tab's close gets the browser's prompt.
import type { Page } from '@playwright/test';
import { closeTabWithUnsavedChanges } from '../../tools/testing/e2e.ts';
import { createCustomer, createInvoice, expect, getInvoice, L, open, signUp, test } from './wizard-fixtures.ts';

const l = L.sv;
const sidebar = (page: Page, name: string) =>
  page.getByRole('navigation', { name: l.menu }).getByRole('link', { name });

test('the exit warning’s four choices: keep editing, continue, save and leave, leave', async ({ page }) => {
  test.setTimeout(90_000);
  await signUp(page, 'sv');
  const customer = await createCustomer(page);
  const invoice = await createInvoice(page, { recipientId: customer.id });
  await open(page, `/quotations/edit/${invoice.id}?step=1`, 'sv');
  const reference = page.getByLabel(l.reference);
  await reference.fill('PO 1');

  // Keep editing: stays, with what was typed.
  await sidebar(page, l.home).click();
  const dialog = page.getByRole('alertdialog', { name: l.unsavedTitle });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button')).toHaveText([l.keepEditing, l.continue, l.leave, l.saveAndLeave]);
  await dialog.getByRole('button', { name: l.keepEditing }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/quotations/edit/${invoice.id}?step=1`);
  await expect(reference).toHaveValue('PO 1');

  // Continue: saves the step and goes on to the next one instead of leaving.
  await sidebar(page, l.home).click();
  await dialog.getByRole('button', { name: l.continue }).click();
  await expect(page).toHaveURL(`/quotations/edit/${invoice.id}?step=2`);
  expect((await getInvoice(page, invoice.id)).reference).toBe('PO 1');

  // Save and leave (from the back button): saves, then goes where the user was going.
  await page.locator('#row-0-description').fill('Konsultarbete');
  await page.locator('#row-0-unitPrice').fill('1000');
  await page.goBack();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: l.saveAndLeave }).click();
  await expect(page).toHaveURL(`/quotations/edit/${invoice.id}?step=1`);
  expect((await getInvoice(page, invoice.id)).rows.map((row) => row.description)).toEqual(['Konsultarbete']);

  // Leave: goes without saving.
  await reference.fill('PO 2');
  await sidebar(page, l.home).click();
  await dialog.getByRole('button', { name: l.leave }).click();
  await expect(page).toHaveURL('/dashboard/home');
  expect((await getInvoice(page, invoice.id)).reference).toBe('PO 1');
});

test('closing the tab with unsaved changes gets the browser’s prompt', async ({ page }) => {
  await signUp(page, 'sv');
  const customer = await createCustomer(page);
  const invoice = await createInvoice(page, { recipientId: customer.id });
  await open(page, `/quotations/edit/${invoice.id}?step=1`, 'sv');
  await page.getByLabel(l.reference).fill('PO 3');
  expect(await closeTabWithUnsavedChanges(page)).toBe('beforeunload');
});
