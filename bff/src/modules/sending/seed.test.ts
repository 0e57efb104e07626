// The demo: the seeded freelancer has sent invoices (numbered, delivered, with their PDF and e-invoice; the payments demo
// pays two), a credited one, one waiting for its e-invoice customer, so the invoice list shows every state it names,
// and three waiting for an admin's review.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { checkEInvoice } from '../../domain/ubl-rules.ts';

describe('demo sent invoices', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('three sent, one credited with its credit invoice, one waiting, through the real send; seeding again changes nothing', async () => {
    await t.seed();
    await t.drainJobs();
    await t.seed();
    const demo = t.client();
    await demo.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    const list = await demo.call('listInvoices', { query: { pageSize: 50 } });
    const sent = list.body.items.filter((i: { number: number | null }) => i.number !== null);
    // The payments demo then pays the first two sent invoices, one in full and one in part; the third stays sent.
    assert.deepEqual(sent.map((i: { statusName: string }) => i.statusName).sort(), [
      'credited',
      'paid',
      'partially_paid',
      'sent',
    ]);
    const waiting = list.body.items.filter((i: { statusName: string }) => i.statusName === 'quoted');
    assert.equal(waiting.length, 1);
    const held = await demo.call('getInvoice', { params: { invoiceId: waiting[0].id } });
    assert.equal(held.body.number, null);
    assert.deepEqual(held.body.problemCodes, [16]);
    const documents = await t.sql(
      `select kind, delivery_state from outgoing_document d join app_user u on u.id = d.owner_id
        where u.email = 'demo@example.com' order by number`,
    );
    assert.deepEqual(
      documents.rows.map((r) => `${r.kind}/${r.delivery_state}`),
      ['invoice/delivered', 'invoice/delivered', 'invoice/delivered', 'credit_note/delivered', 'invoice/delivered'],
    );
    const credited = sent.find((i: { statusName: string }) => i.statusName === 'credited');
    const xml = await demo.request('GET', `/api/invoices/${credited.id}/e-invoice?document=credit_note`);
    assert.equal(xml.status, 200);
    assert.deepEqual(checkEInvoice(xml.body as string), []);
    const bank = await demo.call('getBankDetails');
    assert.equal(bank.body.registered, true);
  });

  test("three wait for an admin's review (−1), in the approval queue oldest first, never seeded twice", async () => {
    await t.seed();
    await t.seed();
    const admin = t.client();
    await admin.call('login', { body: { email: 'admin@example.com', password: 'admin-password' } });
    const queue = await admin.call('listApprovalQueue', { query: {} });
    assert.equal(queue.status, 200);
    assert.equal(queue.body.page.total, 3);
    const items = queue.body.items as { freelancer: { email: string }; submittedAt: string }[];
    assert.ok(items.every((item) => item.freelancer.email === 'demo@example.com'));
    const times = items.map((item) => item.submittedAt);
    assert.deepEqual(times, [...times].sort());
  });
});
