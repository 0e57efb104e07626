// The demo: the seeded freelancer has records from the old product, imported through the real import.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

describe('demo legacy records', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('the demo freelancer sees old invoices and payouts with totals per year; seeding again changes nothing', async () => {
    await t.seed();
    await t.seed();
    const demo = t.client();
    await demo.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    const invoices = await demo.call('listLegacyInvoices', { query: { pageSize: 100 } });
    assert.equal(invoices.status, 200);
    assert.equal(invoices.body.page.total, 14);
    assert.deepEqual([...new Set(invoices.body.years.map((y: { year: number }) => y.year))], [2025, 2024, 2023]);
    const payouts = await demo.call('listLegacyPayouts');
    assert.equal(payouts.body.page.total, 10);
    const { rows } = await t.sql(`select count(*)::int as n from legacy_import`);
    assert.equal(rows[0].n, 2);
  });
});
