// The invoice wizard from customer to a sent invoice, in Swedish and English: the draft is created
// at step 0 and saved by every step, the step is in the address, the rows' totals follow the typing,
// a receipt is uploaded and a trip recorded, the review shows the salary and sends exactly once,
// and every step left is tracked with its index.
import { join } from 'node:path';
import {
  createCustomer,
  expect,
  getInvoice,
  invoiceIdOf,
  L,
  open,
  PNG,
  recordTracking,
  signUp,
  test,
  tracked,
} from './wizard-fixtures.ts';
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';
import { shotsDir } from '../../tools/testing/screens.ts';

for (const lng of JOURNEY_LANGUAGES) {
  test(`a full invoice from customer to send (${lng})`, async ({ page }) => {
    test.setTimeout(120_000);
    const l = L[lng];
    await recordTracking(page);
    await signUp(page, lng);
    const customer = await createCustomer(page);
    await createCustomer(page, { name: 'Scania AB', governmentId: '5560160680', vatNumber: 'SE556016068001' });

    // Step 0: search, choose, and the draft exists.
    await open(page, '/quotations/create', lng);
    await expect(page.getByRole('heading', { level: 2, name: l.steps[0] })).toBeVisible();
    await page.getByLabel(l.search).fill('personvagnar');
    await expect(page.getByRole('radio')).toHaveCount(1);
    await page.getByRole('radio', { name: customer.name }).check();
    await page.getByRole('button', { name: l.next }).click();
    await expect(page).toHaveURL(/\/quotations\/edit\/[0-9a-f-]+\?step=1$/);
    const id = invoiceIdOf(page);
    expect((await getInvoice(page, id)).recipient.id).toBe(customer.id);

    // Step 1: terms; the due date follows.
    await page.getByLabel(l.paymentTerms).selectOption('20');
    await page.getByLabel(l.reference).fill('PO 4711');
    await page.getByRole('button', { name: l.next }).click();
    await expect(page).toHaveURL(`/quotations/edit/${id}?step=2`);
    const afterTerms = await getInvoice(page, id);
    expect(afterTerms).toMatchObject({ paymentTermsDays: 20, reference: 'PO 4711' });

    // Step 2: two rows at two VAT rates; the totals per rate follow as they are typed.
    const comma = lng === 'sv' ? ',' : '.';
    await page.locator('#row-0-description').fill(lng === 'sv' ? 'Webbutveckling' : 'Web development');
    await page.locator('#row-0-quantity').fill(`12${comma}5`);
    await page.locator('#row-0-unitPrice').fill('950');
    const totals = page.getByRole('region', { name: lng === 'sv' ? 'Summor' : 'Totals' });
    await expect(totals).toContainText(/11[\s,]875[.,]00/);
    await expect(totals).toContainText(/2[\s,]968[.,]75/);
    await page.getByRole('button', { name: l.addRow }).click();
    await page.locator('#row-1-description').fill(lng === 'sv' ? 'Kurslitteratur' : 'Course books');
    await page.locator('#row-1-quantity').fill('3');
    await page.locator('#row-1-unitPrice').fill(`199${comma}90`);
    await page.locator('#row-1-vatPercentage').selectOption('6');
    // 3 × 199.90 = 599.70 at 6 % → 35.98 VAT; 11 875 + 2 968.75 + 599.70 + 35.98 = 15 479.43.
    await expect(totals).toContainText(/35[.,]98/);
    await expect(totals).toContainText(/15[\s,]479[.,]43/);
    const dir = shotsDir('mf-invoices');
    if (dir) await page.screenshot({ path: join(dir, `wizard-rows-${lng}-1280.png`), fullPage: true });
    await page.getByRole('button', { name: l.next }).click();
    await expect(page).toHaveURL(`/quotations/edit/${id}?step=3`);
    const afterRows = await getInvoice(page, id);
    expect(afterRows.totals.totalInclVat).toBe(1_547_943);

    // Step 3: a receipt with its file (progress, then the file's name), and a trip.
    await page.getByRole('button', { name: l.addReceipt }).click();
    await page.locator('#expense-0-description').fill(lng === 'sv' ? 'Tågbiljett' : 'Train ticket');
    await page.locator('#expense-0-amount').fill('459');
    await page.getByTestId('receipt-file-0').setInputFiles({ name: 'biljett.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByRole('link', { name: 'biljett.png' })).toBeVisible();
    await page.getByRole('button', { name: l.addTrip }).click();
    await page.locator('#expense-1-description').fill(lng === 'sv' ? 'Kundbesök' : 'Client visit');
    await page.locator('#expense-1-mileage-from').fill('Stockholm');
    await page.locator('#expense-1-mileage-to').fill('Uppsala');
    await page.locator('#expense-1-mileage-km').fill('142');
    await page.locator('#expense-1-mileage-purpose').fill('Workshop');
    await expect(page.locator('.wizard-allowance')).toContainText(/355[.,]00/);
    await page.getByRole('button', { name: l.next }).click();
    await expect(page).toHaveURL(`/quotations/edit/${id}?step=4`);
    const afterExpenses = await getInvoice(page, id);
    expect(afterExpenses.expenses).toHaveLength(2);
    expect(afterExpenses.expenses[0]?.receipt?.fileName).toBe('biljett.png');
    expect(afterExpenses.expenses[1]?.mileage?.allowanceSek).toBe(35_500);

    // Step 4: the salary estimate, broken down, and nothing blocks sending.
    await expect(page.locator('.wizard-salary')).toContainText(l.net);
    // What the user reads adds up: every line from the invoiced amount down to the gross salary, with its sign,
    // gives the gross salary to the öre (the receipt's VAT and the reimbursements included).
    const lines = await page.locator('.wizard-salary > div').evaluateAll((rows) =>
      rows.map((row) => ({
        sum: row.classList.contains('wizard-salary__sum'),
        text: row.querySelector('dd')!.textContent!,
      })),
    );
    const ore = (text: string) => {
      const digits = text.replace(/[^\d,.−+-]/g, '');
      const sign = /^[−-]/.test(digits) ? -1 : 1;
      return sign * Number(digits.replace(/[^\d]/g, ''));
    };
    const grossAt = lines.findIndex((line) => line.sum);
    const parts = lines.slice(0, grossAt).reduce((sum, line) => sum + ore(line.text), 0);
    expect(parts).toBe(ore(lines[grossAt]!.text));
    // The gross is the salary for the work plus the vacation pay on it, shown openly: the two lines under it add up.
    const grossParts = await page.locator('.wizard-salary > .wizard-salary__part dd').allTextContents();
    expect(grossParts).toHaveLength(2);
    expect(ore(grossParts[0]!) + ore(grossParts[1]!)).toBe(ore(lines[grossAt]!.text));
    await expect(page.locator('.wizard-salary')).toContainText(
      lng === 'sv' ? 'varav semesterersättning (12' : 'of which vacation pay (12',
    );
    await expect(page.getByRole('button', { name: l.send })).toBeEnabled();
    // A new user has no bank details: the review says it can be sent now and will wait for them.
    await expect(
      page.getByText(
        lng === 'sv'
          ? 'Du kan skicka fakturan nu; den sparas och väntar på det här:'
          : 'You can send the invoice now; it is saved and waits for this:',
      ),
    ).toBeVisible();
    if (dir) await page.screenshot({ path: join(dir, `wizard-review-${lng}-1280.png`), fullPage: true });

    // Send: a double click sends once.
    const sends: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(`/api/invoices/${id}/send`)) sends.push(request.headers()['idempotency-key'] ?? '');
    });
    // The send dialog first (issue 24): the document and where it goes; its Send sends once on a double click.
    await page.getByRole('button', { name: l.send }).click();
    const sendDialog = page.getByRole('dialog', { name: l.sendTitle });
    await expect(sendDialog).toBeVisible();
    // It says it will wait for them before the send.
    await expect(
      sendDialog.getByText(
        lng === 'sv' ? 'Fakturan väntar på dina bankuppgifter' : 'The invoice waits for your bank details',
      ),
    ).toBeVisible();
    await sendDialog.getByRole('button', { name: l.sendTitle, exact: true }).dblclick();
    await expect(sendDialog).toHaveCount(0);
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    if (dir) await page.screenshot({ path: join(dir, `wizard-sent-${lng}-1280.png`) });
    const sent = await getInvoice(page, id);
    expect(sent.editable).toBe(false);
    // One request: the second click finds the first on its way (and the server would answer a repeat once anyway).
    expect(sends).toHaveLength(1);
    // Saved and waiting for the bank details (the suite's server reviews no first invoice).
    expect(sent.statusName).toBe('quoted');
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(
      lng === 'sv'
        ? 'Fakturan är sparad och väntar på dina bankuppgifter'
        : 'Your invoice is saved and waits for your bank details',
    );

    // The feedback prompt: answered once, not asked again.
    await dialog.getByRole('button', { name: lng === 'sv' ? 'Lätt' : 'Easy' }).click();
    await expect(dialog.getByRole('status')).toBeVisible();

    // Every step left was tracked with its index.
    const steps = (await tracked(page))
      .filter((event) => event.name === 'invoice_wizard_step_left')
      .map((event) => event.properties?.['step']);
    expect(steps).toEqual([0, 1, 2, 3]);

    // The success dialog leads to the bank registration.
    await dialog
      .getByRole('button', { name: lng === 'sv' ? 'Registrera bankuppgifter' : 'Register bank details' })
      .click();
    await expect(page).toHaveURL(/\/bank-registration\/[0-9a-f-]+/);
  });
}

test('a reload in the middle keeps the step and what was saved; back and forward move between steps', async ({
  page,
}) => {
  const l = L.sv;
  await signUp(page, 'sv');
  const customer = await createCustomer(page);
  await open(page, '/quotations/create', 'sv');
  await page.getByRole('radio', { name: customer.name }).check();
  await page.getByRole('button', { name: l.next }).click();
  await page.getByLabel(l.reference).fill('Avtal 12');
  await page.getByRole('button', { name: l.next }).click();
  await expect(page).toHaveURL(/step=2$/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: l.steps[2] })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: l.steps[1] })).toBeVisible();
  await expect(page.getByLabel(l.reference)).toHaveValue('Avtal 12');
  await page.goBack();
  await expect(page.getByRole('heading', { level: 2, name: l.steps[0] })).toBeVisible();
  await expect(page.getByRole('radio', { name: customer.name })).toBeChecked();
  await page.goForward();
  await expect(page.getByRole('heading', { level: 2, name: l.steps[1] })).toBeVisible();
});
