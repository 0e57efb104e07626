// The back office's invoice screens (docs/product/back-office.md): the approval queue with the PDF preview, approving
// and requesting changes; the blocklist; campaign codes; the dated settings. In Swedish and English, with axe and
// screenshots. The demo freelancer's three seeded invoices wait for review.
import { expect, test } from '@playwright/test';
import { JOURNEY_LANGUAGES, openInLanguage, seriousViolations } from '../../tools/testing/e2e.ts';
import { shootWidths } from '../../tools/testing/screens.ts';
import { loginAdmin } from './invoice-fixtures.ts';

// Screenshots at two widths on a shared machine take longer than the default.
test.setTimeout(120_000);

// The seeded queue is shared: the screens are looked at before the last test takes two invoices out of it, in this
// order and in one worker (the config runs tests fully parallel otherwise).
test.describe('the approval queue', () => {
  test.describe.configure({ mode: 'default' });

  for (const lng of JOURNEY_LANGUAGES) {
    const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

    test(`the approval queue and one invoice under review, with its PDF (${lng})`, async ({ page }) => {
      await loginAdmin(page);
      await openInLanguage(page, '/admin/approvals', lng);
      await expect(page.getByRole('heading', { level: 1, name: t('Godkännandekö', 'Approval queue') })).toBeVisible();
      const queue = page.getByRole('table', { name: t('Godkännandekö', 'Approval queue') });
      await expect(queue.getByRole('row').nth(1)).toContainText('Volvo Personvagnar AB');
      expect(await seriousViolations(page)).toEqual([]);
      await shootWidths(page, `admin-approvals-${lng}`, () =>
        expect(page.getByText('Demo Frilansare').first()).toBeVisible(),
      );

      await page.getByRole('link', { name: 'Demo Frilansare' }).first().click();
      await expect(page.getByRole('heading', { level: 1, name: /Volvo Personvagnar AB/ })).toBeVisible();
      const pdfLink = page.getByRole('link', { name: t('Öppna pdf-förhandsvisningen', 'Open the PDF preview') });
      const pdf = await page.request.get((await pdfLink.getAttribute('href')) ?? '');
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toContain('application/pdf');

      // Asking for changes needs a comment.
      await page.getByRole('button', { name: t('Begär ändringar', 'Request changes') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: t('Skicka tillbaka', 'Send back') }).click();
      await expect(
        dialog.getByText(t('Skriv vad frilansaren ska ändra.', 'Write what the freelancer should change.')),
      ).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: t('Avbryt', 'Cancel') }).click();
      await shootWidths(page, `admin-approval-${lng}`, () =>
        expect(page.getByRole('heading', { name: t('Rader', 'Rows') })).toBeVisible(),
      );
    });
  }

  test('requesting changes sends the invoice back with the comment, and it leaves the queue; approving sends the next', async ({
    page,
  }) => {
    await loginAdmin(page);
    await page.goto('/admin/approvals');
    const rows = page.getByRole('table', { name: 'Godkännandekö' }).getByRole('row');
    await expect(rows.nth(1)).toBeVisible();
    const before = await rows.count();
    await page.getByRole('link', { name: 'Demo Frilansare' }).first().click();
    const invoiceUrl = page.url();
    await page.getByRole('button', { name: 'Begär ändringar' }).click();
    await page.getByLabel('Vad ska frilansaren ändra?').fill('Lägg till ert inköpsordernummer i referensen.');
    await page.getByRole('dialog').getByRole('button', { name: 'Skicka tillbaka' }).click();
    await expect(page).toHaveURL('/admin/approvals');
    await expect(rows).toHaveCount(before - 1);

    // The invoice is no longer waiting: its page says so.
    await page.goto(invoiceUrl);
    await expect(page.getByText('Det finns inte (längre).')).toBeVisible();

    await page.goto('/admin/approvals');
    await page.getByRole('link', { name: 'Demo Frilansare' }).first().click();
    await page.getByRole('button', { name: 'Godkänn', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Godkänn och skicka' }).click();
    await expect(page).toHaveURL('/admin/approvals');
    await expect(rows).toHaveCount(before - 2);
  });
});

for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`blocklist: block a domain written any way, see it stored as compared, remove it (${lng})`, async ({ page }) => {
    await loginAdmin(page);
    await openInLanguage(page, '/admin/blocklist', lng);
    await expect(page.getByRole('heading', { level: 1, name: t('Spärrlista', 'Blocklist') })).toBeVisible();
    // Empty value: the field says what is missing.
    await page.getByRole('button', { name: t('Spärra', 'Block'), exact: true }).click();
    await expect(page.getByText(t('Ange vad som ska spärras.', 'Enter what to block.'))).toBeVisible();

    const domain = `Spam-${lng}-${Date.now()}.Example`;
    await page.getByLabel(t('Typ', 'Kind')).selectOption('email_domain');
    await page.getByLabel(t('Värde', 'Value'), { exact: true }).fill(domain);
    await page.getByLabel(/Anledning|Reason/).fill(t('Bedrägeriförsök', 'Fraud attempt'));
    await page.getByRole('button', { name: t('Spärra', 'Block'), exact: true }).click();
    const entries = page.getByRole('table', { name: t('Spärrade mottagare', 'Blocked recipients') });
    const row = entries.getByRole('row').filter({ hasText: domain.toLowerCase() });
    await expect(row).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `admin-blocklist-${lng}`, () =>
      expect(page.getByText(domain.toLowerCase()).first()).toBeVisible(),
    );

    await row.getByRole('button', { name: new RegExp(t('Ta bort', 'Remove')) }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('Ta bort', 'Remove') })
      .click();
    await expect(entries.getByRole('row').filter({ hasText: domain.toLowerCase() })).toHaveCount(0);
  });

  test(`campaign codes: create, limit, see uses, expire (${lng})`, async ({ page }) => {
    await loginAdmin(page);
    await openInLanguage(page, '/admin/campaign-codes', lng);
    // The first back-office chunk of a run can take a while on a busy machine.
    await expect(page.getByRole('heading', { level: 1, name: t('Kampanjkoder', 'Campaign codes') })).toBeVisible({
      timeout: 30_000,
    });
    const code = `vår-${Date.now()}`;
    await page.getByLabel(t('Kod', 'Code'), { exact: true }).fill(code);
    await page.getByLabel(t('Procent', 'Percent')).fill(t('12,5', '12.5'));
    await page.getByRole('button', { name: t('Skapa kod', 'Create code') }).click();
    // å is not allowed: the field says so before anything is sent.
    await expect(
      page.getByText(t('Använd bara A–Z, 0–9, - och _ (högst 40).', 'Use only A–Z, 0–9, - and _ (at most 40).')),
    ).toBeVisible();

    const good = `spring-${lng}-${Date.now()}`;
    await page.getByLabel(t('Kod', 'Code'), { exact: true }).fill(good);
    await page.getByRole('button', { name: t('Skapa kod', 'Create code') }).click();
    const list = page.getByRole('table', { name: t('Koder', 'Codes') });
    const row = list.getByRole('row').filter({ hasText: good.toUpperCase() });
    await expect(row).toContainText(t('12,5 % av avgiften efterskänks', '12.5 % of the fee waived'));
    await expect(row).toContainText(t('Aktiv', 'Active'));

    await row.getByRole('button', { name: new RegExp(`^${t('Gräns', 'Limit')}`) }).click();
    await page.getByRole('dialog').getByLabel(t('Max antal användningar', 'Limit of uses')).fill('25');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('Spara gräns', 'Save limit') })
      .click();
    await expect(row).toContainText(t('0 av 25', '0 of 25'));

    await row.getByRole('button', { name: new RegExp(`^${t('Användningar', 'Uses')}`) }).click();
    await expect(page.getByRole('dialog')).toContainText(
      t('Ingen faktura har koden än.', 'No invoice carries this code yet.'),
    );
    await page
      .getByRole('dialog')
      .getByRole('button', { name: t('Stäng', 'Close') })
      .click();

    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `admin-campaign-codes-${lng}`, () =>
      expect(page.getByText(good.toUpperCase()).first()).toBeVisible(),
    );

    await row.getByRole('button', { name: new RegExp(`^${t('Avsluta', 'Expire')}`) }).click();
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: t('Avsluta koden', 'Expire code') })
      .click();
    await expect(row).toContainText(t('Utgången', 'Expired'));
  });

  test(`dated settings, read-only, with the value in force today marked (${lng})`, async ({ page }) => {
    await loginAdmin(page);
    await openInLanguage(page, '/admin/settings', lng);
    await expect(
      page.getByRole('heading', { level: 1, name: t('Daterade inställningar', 'Dated settings') }),
    ).toBeVisible();
    for (const name of [
      t('Plattformsavgift', 'Platform fee'),
      t('Arbetsgivaravgifter', 'Employer contributions'),
      t('Milersättning', 'Mileage allowance'),
      t('Väntetid för utbetalningar efter byte av lönekonto', 'Payouts held after a salary account change'),
    ]) {
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    }
    const hold = page.getByRole('region', {
      name: t('Väntetid för utbetalningar efter byte av lönekonto', 'Payouts held after a salary account change'),
    });
    await expect(hold.getByText(t('24 timmar', '24 hours')).first()).toBeVisible();
    await expect(page.getByText(t('Gäller i dag', 'In force today')).first()).toBeVisible();
    await expect(page.getByRole('textbox')).toHaveCount(0);
    expect(await seriousViolations(page)).toEqual([]);
    await shootWidths(page, `admin-settings-${lng}`, () =>
      expect(page.getByText(t('Gäller i dag', 'In force today')).first()).toBeVisible(),
    );
  });
}
