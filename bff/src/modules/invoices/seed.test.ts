// The demo freelancer's invoices: seeded once, in the states the demo needs, through the real services.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { Translations } from '../../platform/i18n/translations.ts';
import { seedAccounts } from '../auth/test-helpers.ts';
import { seedDemoBankAccount } from '../banking/public.ts';
import { DEMO_CAMPAIGN_CODE, seedInvoices } from './seed.ts';

describe('demo invoices', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('drafts, one with receipts and mileage, one with changes requested; rates and the campaign code; once', async () => {
    const translations = new Translations(t.config.staticRoot);
    await seedAccounts(t.services);
    await seedDemoBankAccount(t.services);
    const lines = await seedInvoices(t.services, translations);
    assert.deepEqual(lines, ['FRILO50: demo campaign code (half the platform fee)']);
    assert.deepEqual(await seedInvoices(t.services, translations), lines, 'a second start changes nothing');

    const demo = t.client();
    await demo.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    const list = await demo.call('listInvoices', { query: { pageSize: 50 } });
    assert.equal(list.body.page.total, 5);
    const byName = list.body.items.map((i: { statusName: string; status: number }) => `${i.status}/${i.statusName}`);
    assert.deepEqual(byName.sort(), ['1/drafted', '1/drafted', '1/drafted', '1/drafted', '7/drafted']);

    const withExpenses = list.body.items.find((i: { reference: string | null }) => i.reference === 'Projekt Norrsken');
    const invoice = await demo.call('getInvoice', { params: { invoiceId: withExpenses.id } });
    assert.deepEqual(
      invoice.body.expenses.map((e: { type: string; receipt: { contentType: string } | null }) => [
        e.type,
        e.receipt?.contentType ?? null,
      ]),
      [
        ['receipt', 'application/pdf'],
        ['receipt', 'image/png'],
        ['mileage', null],
      ],
    );
    const receipt = await demo.call('getReceipt', { params: { receiptId: invoice.body.expenses[1].receipt.id } });
    assert.equal(receipt.status, 200);
    assert.equal(invoice.body.canSend, true, JSON.stringify(invoice.body.problemCodes));

    const changes = list.body.items.find((i: { status: number }) => i.status === 7);
    const events = await t.sql(
      `select event, actor_type, reason from invoice_event where invoice_id = $1 order by id`,
      [changes.id],
    );
    assert.deepEqual(
      events.rows.map((e) => [e.event, e.actor_type]),
      [
        ['create', 'user'],
        ['send', 'user'],
        ['request_changes', 'admin'],
      ],
    );

    const code = await demo.call('checkCampaignCode', { body: { code: DEMO_CAMPAIGN_CODE.code.toLowerCase() } });
    assert.equal(code.status, 200);
    for (const currency of ['EUR', 'USD', 'NOK', 'DKK', 'GBP']) {
      const estimate = await demo.call('estimateSalary', { body: { amount: 100000, currency } });
      assert.equal(estimate.status, 200, currency);
      assert.equal(estimate.body.exchangeRate.currency, currency);
    }
    const summary = await demo.call('getDashboardSummary');
    assert.equal(summary.body.drafts, 5);
  });
});
