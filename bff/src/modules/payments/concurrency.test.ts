// Exactly once under concurrency, on real PostgreSQL: the same payout asked for many times at once, payouts asked for
// while the bank day's file is being made, the file made many times at once, one BgMax file uploaded many times at
// once, one payment registered twice at once. Nothing is paid, booked or filed twice.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { pain001XsdSkip, validatePain001 } from '../../../test/fixtures/edocs/xsd.ts';
import { nextBankDay } from '../../domain/bank-days.ts';
import {
  adminClient,
  bgMaxFile,
  freelancer,
  importFile,
  sentInvoice,
  todayInSweden,
  type SentInvoice,
} from './test-helpers.ts';

describe('exactly once under concurrency', () => {
  let t: TestApp;
  let admin: ApiClient;
  const users: TestUser[] = [];
  const invoices: SentInvoice[] = [];

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = (await adminClient(t)).api;
    for (let i = 0; i < 6; i++) {
      const user = await freelancer(t, { payoutPreference: i % 2 ? 'payout_immediate' : 'payout_monthly' });
      users.push(user);
      invoices.push(await sentInvoice(t, user.api), await sentInvoice(t, user.api));
    }
  });
  after(() => t.close());

  /** Every salary item is held by at most one payout, and each payout's amount is the sum of what it holds. */
  async function assertEachItemPaidOnce(): Promise<void> {
    const twice = await t.sql(
      `select l.salary_item_id from payout_line l join payout p on p.id = l.payout_id
       where p.status in ('initiated', 'completed_transaction') group by l.salary_item_id having count(*) > 1`,
    );
    assert.deepEqual(twice.rows, []);
    const sums = await t.sql(
      `select p.id from payout p left join salary_item s on s.payout_id = p.id
       where p.status in ('initiated', 'completed_transaction')
       group by p.id, p.amount, p.item_count having coalesce(sum(s.payout_amount), 0) <> p.amount or count(s.id) <> p.item_count`,
    );
    assert.deepEqual(sums.rows, []);
  }

  test('one BgMax file uploaded eight times at once is imported once', async () => {
    const file = bgMaxFile(
      invoices.map((invoice) => ({ reference: invoice.ocr, amountMinor: invoice.totalInclVat })),
    ).bytes;
    const results = await Promise.all(Array.from({ length: 8 }, () => importFile(admin, file)));
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 200, 200, 200, 200, 200, 200, 201]);
    assert.equal(new Set(results.map((r) => r.body.id)).size, 1);
    const booked = await t.sql(`select count(*)::int as n from salary_item`);
    assert.equal(booked.rows[0].n, invoices.length);
    const events = await t.sql(`select count(*)::int as n from invoice_event where event = 'full_payment'`);
    assert.equal(events.rows[0].n, invoices.length);
  });

  test('ten payouts asked for at once by one freelancer: one payout of everything, nine refusals', async () => {
    const user = users[0]!;
    const available = await t.sql(
      `select sum(payout_amount)::bigint as n from salary_item where owner_id = $1 and payout_id is null`,
      [user.userId],
    );
    const results = await Promise.all(Array.from({ length: 10 }, () => user.api.call('requestPayout')));
    const created = results.filter((r) => r.status === 201);
    assert.equal(created.length, 1);
    assert.ok(
      results
        .filter((r) => r.status !== 201)
        .every((r) => r.status === 409 && r.body.code === 'payout_nothing_available'),
    );
    assert.equal(created[0]!.body.amount, Number(available.rows[0].n));
    await assertEachItemPaidOnce();
  });

  test('payouts asked for while the file is made, and the file made five times at once: each payout once', async (context) => {
    if (pain001XsdSkip) return context.skip(pain001XsdSkip);
    const day = nextBankDay(todayInSweden());
    const asks = users.slice(1).map((user) => user.api.call('requestPayout'));
    const batches = Array.from({ length: 5 }, () => admin.call('createPayoutBatch', { body: { executionDate: day } }));
    const [asked, made] = await Promise.all([Promise.all(asks), Promise.all(batches)]);
    assert.ok(asked.every((r) => r.status === 201 || (r.status === 409 && r.body.code === 'payout_nothing_available')));
    const createdBatches = made.filter((r) => r.status === 201);
    assert.equal(createdBatches.length, 1);
    const batchId = createdBatches[0]!.body.batch.id;
    assert.ok(made.every((r) => r.body.batch?.id === batchId));
    await assertEachItemPaidOnce();
    // A payout asked for that day is in its file, or (asked once the file was made) waits for the next bank day.
    const payouts = await t.sql(`select id, batch_id, to_char(execution_date, 'YYYY-MM-DD') as day from payout`);
    for (const payout of payouts.rows) {
      if (payout.batch_id) assert.equal(payout.batch_id, batchId);
      else assert.equal(payout.day, nextBankDay(day));
    }
    const file = await admin.call('getPayoutBatchFile', { params: { batchId } });
    const ids = [...String(file.body).matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]);
    assert.equal(new Set(ids).size, ids.length);
    assert.equal(ids.length, payouts.rows.filter((p) => p.batch_id === batchId).length);
    assert.equal((await validatePain001(String(file.body))).valid, true);
  });

  test('one payment registered twice at once with one key is booked once', async () => {
    const user = users[0]!;
    const invoice = await sentInvoice(t, user.api);
    const body = { invoiceId: invoice.id, amount: 10_000, currency: 'SEK', paymentDate: todayInSweden() };
    const headers = { 'idempotency-key': 'same-key-twice-0001' };
    const results = await Promise.all([
      admin.call('registerPayment', { body, headers }),
      admin.call('registerPayment', { body, headers }),
      admin.call('registerPayment', { body, headers }),
    ]);
    assert.deepEqual(results.map((r) => r.status).sort(), [200, 200, 201]);
    assert.equal(new Set(results.map((r) => r.body.id)).size, 1);
    const invoiceNow = await user.api.call('getInvoice', { params: { invoiceId: invoice.id } });
    assert.equal(invoiceNow.body.paidAmount, 10_000);
  });
});
