// API tests of incoming payments on real PostgreSQL, every response checked against the contract: BgMax files (valid,
// repeated, broken), matching by OCR and by invoice number, partial payments, overpayments, credited invoices,
// manual matching and payments by hand, and the salary items they give.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { signUpConfirmedUser, type TestUser } from '../../../test/fixtures.ts';
import { computeSalary } from '../../domain/salary.ts';
import { mailbox } from '../auth/test-helpers.ts';
import {
  adminClient,
  bgMaxFile,
  freelancer,
  importFile,
  sentInvoice,
  todayInSweden,
  type SentInvoice,
} from './test-helpers.ts';

function formWith(bytes: Uint8Array): FormData {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)]), 'x.bgmax');
  return form;
}

const BROKEN = join(import.meta.dirname, '../../../test/fixtures/edocs/bgmax');

describe('incoming payments', () => {
  let t: TestApp;
  let admin: ApiClient;
  let user: TestUser;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = (await adminClient(t)).api;
    user = await freelancer(t);
  });
  after(() => t.close());

  const invoiceOf = async (id: string) => (await user.api.call('getInvoice', { params: { invoiceId: id } })).body;
  const count = async (table: string) => Number((await t.sql(`select count(*)::int as n from ${table}`)).rows[0].n);

  describe('a BgMax file', () => {
    let full: SentInvoice;
    let part: SentInvoice;
    let byNumber: SentInvoice;
    let first: Awaited<ReturnType<typeof importFile>>;
    let file: Buffer;

    before(async () => {
      full = await sentInvoice(t, user.api);
      part = await sentInvoice(t, user.api);
      byNumber = await sentInvoice(t, user.api);
      file = bgMaxFile([
        { reference: full.ocr, amountMinor: full.totalInclVat, payerName: 'Kund AB', payerCity: 'Göteborg' },
        { reference: part.ocr, amountMinor: 50_000 },
        { reference: '', amountMinor: byNumber.totalInclVat, informationText: [`Avser faktura ${byNumber.number}`] },
        { reference: '99999999999999999997', referenceCode: '4', amountMinor: 12_300 },
        { reference: '', amountMinor: 5_000, informationText: ['Gåva'] },
        { reference: full.ocr, amountMinor: 1_000, deduction: true },
      ]).bytes;
      first = await importFile(admin, file);
    });

    test('is imported: each payment matched by its OCR reference, or by the invoice number in its text', () => {
      assert.equal(first.status, 201, JSON.stringify(first.body));
      assert.equal(first.body.duplicate, false);
      assert.deepEqual(first.body.counts, {
        payments: 6,
        paid: 2,
        partiallyPaid: 1,
        overpaid: 0,
        unmatched: 3,
        alreadyBooked: 0,
      });
      const [p1, p2, p3, p4, p5, p6] = first.body.payments;
      assert.deepEqual([p1.matchMethod, p2.matchMethod, p3.matchMethod], ['ocr', 'ocr', 'invoice_number']);
      assert.equal(p1.payer.name, 'Kund AB');
      assert.equal(p1.invoice.id, full.id);
      assert.equal(p3.invoice.id, byNumber.id);
      assert.deepEqual(
        [p4.unmatchedReason, p5.unmatchedReason, p6.unmatchedReason],
        ['unknown_reference', 'no_reference', 'deduction'],
      );
      assert.equal(first.body.totalAmount, full.totalInclVat + 50_000 + byNumber.totalInclVat + 12_300 + 5_000 - 1_000);
    });

    test('the whole amount makes the invoice 5 Paid, a part 4 Partially paid with the rest outstanding', async () => {
      const paid = await invoiceOf(full.id);
      assert.deepEqual([paid.status, paid.statusName, paid.paidAmount], [5, 'paid', full.totalInclVat]);
      const partly = await invoiceOf(part.id);
      assert.deepEqual([partly.status, partly.statusName, partly.paidAmount], [4, 'partially_paid', 50_000]);
    });

    test('each state change is one event, made by the system, with the payment in it', async () => {
      const events = (await user.api.call('getInvoiceEvents', { params: { invoiceId: full.id } })).body.items;
      const payments = (events as { event: string; actor: string }[]).filter((e) => e.event.endsWith('_payment'));
      assert.deepEqual(
        payments.map((e) => [e.event, e.actor]),
        [['full_payment', 'system']],
      );
    });

    test('the same file again changes nothing and says what the first import did', async () => {
      const before = {
        payments: await count('incoming_payment'),
        items: await count('salary_item'),
        events: await count('invoice_event'),
      };
      const again = await importFile(admin, file, 'renamed.bgmax');
      assert.equal(again.status, 200);
      assert.equal(again.body.duplicate, true);
      assert.equal(again.body.id, first.body.id);
      assert.deepEqual(again.body.counts, { ...first.body.counts, alreadyBooked: 0 });
      assert.deepEqual(
        {
          payments: await count('incoming_payment'),
          items: await count('salary_item'),
          events: await count('invoice_event'),
        },
        before,
      );
    });

    test('a payment Bankgirot reports again in another file is booked once', async () => {
      const parsedSerials = first.body.payments.length;
      const rows = await t.sql(`select bgc_serial_number from incoming_payment where import_id = $1 order by line`, [
        first.body.id,
      ]);
      const again = bgMaxFile([
        { reference: part.ocr, amountMinor: 50_000, serialNumber: rows.rows[1].bgc_serial_number },
      ]).bytes;
      const result = await importFile(admin, again);
      assert.equal(result.status, 201);
      assert.equal(result.body.counts.alreadyBooked, 1);
      assert.equal(result.body.counts.payments, 0);
      assert.equal((await invoiceOf(part.id)).paidAmount, 50_000);
      assert.equal(parsedSerials, 6);
    });

    test('a different file claiming the same identity is refused', async () => {
      const original = first.body.fileTimestamp as string;
      const other = bgMaxFile([{ reference: part.ocr, amountMinor: 1 }], { timestamp: original }).bytes;
      const res = await importFile(admin, other);
      assert.equal(res.status, 409);
      assert.equal(res.body.code, 'bgmax_conflict');
    });

    test('the salary item of a payment is THE salary function on the payment day, stored with its rates', async () => {
      const rows = await user.api.call('listSalaryTransactions', { query: { kind: 'salary' } });
      assert.equal(rows.status, 200);
      const item = rows.body.items.find((r: { invoiceId: string }) => r.invoiceId === full.id);
      assert.ok(item);
      const detail = await user.api.call('getSalaryTransaction', { params: { transactionId: item.id } });
      const expected = computeSalary({
        invoiceAmount: full.totalExclVat,
        incomeTaxRate: '30',
        pensionRate: '0',
        birthDate: '1981-12-18',
        paymentDate: todayInSweden(),
      });
      const figures = detail.body.salary;
      assert.deepEqual(
        [figures.amount, figures.commissionAmount, figures.grossSalary, figures.socialFeeAmount, figures.netSalary],
        [
          expected.amount,
          expected.commissionAmount,
          expected.grossSalary,
          expected.socialFeeAmount,
          expected.netSalary,
        ],
      );
      assert.equal(item.amount, expected.payout);
      assert.equal(item.status, 'completed_invoice');
      assert.equal(item.from, 'Volvo Personvagnar AB');
      assert.equal(item.addressCity, 'Göteborg');
      assert.equal(figures.rates.employerContribution, 31.42);
      // A later change of the profile's rates does not change a computed salary.
      await t.sql(`update app_user set income_tax_rate = 45 where id = $1`, [user.userId]);
      const later = await user.api.call('getSalaryTransaction', { params: { transactionId: item.id } });
      assert.equal(later.body.salary.incomeTaxAmount, expected.incomeTaxAmount);
      assert.equal(later.body.salary.rates.incomeTax, 30);
      await t.sql(`update app_user set income_tax_rate = 30 where id = $1`, [user.userId]);
    });

    test('a later payment completes a partly paid invoice, and its salary items add up to the invoice', async () => {
      const rest = part.totalInclVat - 50_000;
      const res = await importFile(admin, bgMaxFile([{ reference: part.ocr, amountMinor: rest }]).bytes);
      assert.equal(res.body.counts.paid, 1);
      const invoice = await invoiceOf(part.id);
      assert.deepEqual([invoice.status, invoice.paidAmount], [5, part.totalInclVat]);
      const items = await t.sql(
        `select sum(amount)::bigint as amount, sum(invoice_paid_amount)::bigint as paid, count(*)::int as n
         from salary_item where invoice_id = $1`,
        [part.id],
      );
      assert.deepEqual(
        [Number(items.rows[0].amount), Number(items.rows[0].paid), items.rows[0].n],
        [part.totalExclVat, part.totalInclVat, 2],
      );
    });

    test('the freelancer is told in their language when an invoice is paid, partly or wholly', async () => {
      const mails = await mailbox(t, user.email);
      const subjects = mails.map((m) => m.subject);
      assert.ok(subjects.includes(`Volvo Personvagnar AB har betalat faktura ${full.number}`), subjects.join('\n'));
      const partly = mails.find((m) => m.subject.includes(String(part.number)) && m.text.includes('obetalt'));
      assert.ok(partly, 'an email about the part payment');
      assert.match(partly.text, /500,00\u00a0kr av faktura/);
      // The words say what happened and what comes next, the day as Swedish words (never ISO).
      assert.doesNotMatch(partly.text, /\d{4}-\d{2}-\d{2}/);
    });
  });

  describe('what never becomes salary by itself', () => {
    test('a payment of an invoice already paid is an overpayment, shown to an admin, with no salary', async () => {
      const invoice = await sentInvoice(t, user.api);
      await importFile(admin, bgMaxFile([{ reference: invoice.ocr, amountMinor: invoice.totalInclVat }]).bytes);
      const items = await count('salary_item');
      const res = await importFile(
        admin,
        bgMaxFile([
          { reference: invoice.ocr, amountMinor: 20_000 },
          { reference: invoice.ocr, amountMinor: 1 },
        ]).bytes,
      );
      assert.equal(res.body.counts.overpaid, 2);
      assert.equal(res.body.payments[0].appliedAmount, 0);
      assert.equal(res.body.payments[0].overpaidAmount, 20_000);
      assert.equal(await count('salary_item'), items);
      const listed = await admin.call('listPayments', { query: { overpaid: true } });
      assert.ok(listed.body.items.some((p: { id: string }) => p.id === res.body.payments[0].id));
    });

    test('paying more than is owed books what was owed and keeps the excess apart', async () => {
      const invoice = await sentInvoice(t, user.api);
      const res = await importFile(
        admin,
        bgMaxFile([{ reference: invoice.ocr, amountMinor: invoice.totalInclVat + 777 }]).bytes,
      );
      const [payment] = res.body.payments;
      assert.deepEqual(
        [payment.appliedAmount, payment.overpaidAmount, payment.invoice.statusName],
        [invoice.totalInclVat, 777, 'paid'],
      );
      const item = await t.sql(`select invoice_paid_amount from salary_item where payment_id = $1`, [payment.id]);
      assert.equal(Number(item.rows[0].invoice_paid_amount), invoice.totalInclVat);
    });

    test('a payment of a credited invoice waits for an admin and gives no salary', async () => {
      const invoice = await sentInvoice(t, user.api);
      const credited = await user.api.call('creditInvoice', { params: { invoiceId: invoice.id } });
      assert.equal(credited.status, 200, JSON.stringify(credited.body));
      await t.drainJobs();
      const res = await importFile(
        admin,
        bgMaxFile([{ reference: invoice.ocr, amountMinor: invoice.totalInclVat }]).bytes,
      );
      assert.equal(res.body.payments[0].status, 'unmatched');
      assert.equal(res.body.payments[0].unmatchedReason, 'invoice_credited');
      assert.equal(
        (await t.sql(`select count(*)::int as n from salary_item where invoice_id = $1`, [invoice.id])).rows[0].n,
        0,
      );
      const match = await admin.call('matchPayment', {
        params: { paymentId: res.body.payments[0].id },
        body: { invoiceId: invoice.id },
      });
      assert.equal(match.status, 409);
      assert.equal(match.body.code, 'invoice_not_payable');
    });

    test('a freelancer without a personal identity number: the payment waits, nothing half booked', async () => {
      const other = await freelancer(t);
      const invoice = await sentInvoice(t, other.api);
      await t.sql(`update app_user set government_id = null where id = $1`, [other.userId]);
      const res = await importFile(
        admin,
        bgMaxFile([{ reference: invoice.ocr, amountMinor: invoice.totalInclVat }]).bytes,
      );
      assert.equal(res.body.payments[0].unmatchedReason, 'salary_not_computable');
      assert.equal((await other.api.call('getInvoice', { params: { invoiceId: invoice.id } })).body.statusName, 'sent');
    });
  });

  describe('a broken file', () => {
    for (const [name, line, code] of [
      ['broken-deposit-sum.bgmax', 16, 'amount_mismatch'],
      ['broken-end-count.bgmax', 20, 'count_mismatch'],
      ['broken-truncated.bgmax', 19, 'out_of_order'],
    ] as const) {
      test(`${name}: refused whole with the line and the reason, nothing stored`, async () => {
        const before = [await count('bgmax_import'), await count('incoming_payment')];
        const res = await importFile(admin, readFileSync(join(BROKEN, name)));
        assert.equal(res.status, 422);
        assert.equal(res.body.code, 'bgmax_invalid');
        assert.equal(res.body.errors[0].code, code);
        assert.equal(res.body.errors[0].params.line, line);
        assert.match(res.body.detail, new RegExp(`^Line ${line}: `));
        assert.deepEqual([await count('bgmax_import'), await count('incoming_payment')], before);
      });
    }

    test('no file is a validation error', async () => {
      const res = await admin.call('importBgMax', { form: new FormData() });
      assert.equal(res.status, 400);
    });
  });

  describe('by hand', () => {
    test('an unmatched payment is listed and an admin matches it; the admin is the actor; once only', async () => {
      const invoice = await sentInvoice(t, user.api);
      const res = await importFile(
        admin,
        bgMaxFile([{ reference: '', amountMinor: invoice.totalInclVat, informationText: ['Tack för hjälpen'] }]).bytes,
      );
      const payment = res.body.payments[0];
      const unmatched = await admin.call('listPayments', { query: { status: 'unmatched', q: 'tack' } });
      assert.deepEqual(
        unmatched.body.items.map((p: { id: string }) => p.id),
        [payment.id],
      );
      const found = await admin.call('findPayableInvoice', { params: { reference: invoice.ocr } });
      assert.equal(found.body.id, invoice.id);
      assert.equal(found.body.outstanding, invoice.totalInclVat);
      const matched = await admin.call('matchPayment', {
        params: { paymentId: payment.id },
        body: { invoiceId: invoice.id, note: 'Kunden ringde' },
      });
      assert.equal(matched.status, 200, JSON.stringify(matched.body));
      assert.deepEqual(
        [matched.body.status, matched.body.matchMethod, matched.body.invoice.statusName],
        ['matched', 'manual', 'paid'],
      );
      assert.ok(matched.body.salaryItemId);
      const events = (await user.api.call('getInvoiceEvents', { params: { invoiceId: invoice.id } })).body.items;
      assert.equal(events.at(-1).actor, 'admin');
      const audit = await t.sql(`select action from audit_event where data->>'paymentId' = $1`, [payment.id]);
      assert.deepEqual(
        audit.rows.map((r) => r.action),
        ['payment.matched'],
      );
      const again = await admin.call('matchPayment', {
        params: { paymentId: payment.id },
        body: { invoiceId: invoice.id },
      });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'payment_already_matched');
    });

    test('a payment registered by hand in a foreign currency: the SEK received kept, the salary at the day’s rate', async () => {
      const today = todayInSweden();
      await t.sql(
        `insert into exchange_rate (currency, date, sek_per_unit) values ('EUR', $1::date - 2, 11.2), ('EUR', $1::date, 11.05)
         on conflict do nothing`,
        [today],
      );
      const invoice = await sentInvoice(t, user.api, {
        currency: 'EUR',
        rows: [{ description: 'Review', unitPrice: 10_000, quantity: 10, unit: 'hour', vatPercentage: 0 }],
      });
      const body = {
        invoiceId: invoice.id,
        amount: 100_000,
        currency: 'EUR',
        paymentDate: today,
        sekAmount: 1_099_000,
      };
      const missing = await admin.call('registerPayment', { body: { ...body, sekAmount: undefined } });
      assert.equal(missing.status, 400);
      assert.equal(missing.body.errors[0].field, 'body.sekAmount');
      const wrongCurrency = await admin.call('registerPayment', { body: { ...body, currency: 'SEK' } });
      assert.equal(wrongCurrency.status, 422);
      assert.equal(wrongCurrency.body.code, 'currency_mismatch');
      const key = 'register-eur-00000001';
      const res = await admin.call('registerPayment', { body, headers: { 'idempotency-key': key } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      assert.deepEqual(
        [res.body.source, res.body.sekAmount, res.body.invoice.statusName],
        ['manual', 1_099_000, 'paid'],
      );
      const retry = await admin.call('registerPayment', { body, headers: { 'idempotency-key': key } });
      assert.equal(retry.status, 200);
      assert.equal(retry.body.id, res.body.id);
      const item = await user.api.call('getSalaryTransaction', { params: { transactionId: res.body.salaryItemId } });
      assert.deepEqual(item.body.salary.exchangeRate, { currency: 'EUR', date: today, sekPerUnit: '11.05' });
      assert.equal(item.body.salary.amount, 1_105_000);
      assert.deepEqual(item.body.salary.invoicePayment, { amount: 100_000, currency: 'EUR' });
      const audit = await t.sql(`select count(*)::int as n from audit_event where action = 'payment.registered'`);
      assert.equal(audit.rows[0].n, 1);
    });

    test('a payment dated in the future, or of an unknown invoice, is refused', async () => {
      const invoice = await sentInvoice(t, user.api);
      const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const late = await admin.call('registerPayment', {
        body: { invoiceId: invoice.id, amount: 100, currency: 'SEK', paymentDate: future },
      });
      assert.equal(late.status, 400);
      const unknown = await admin.call('registerPayment', {
        body: {
          invoiceId: '00000000-0000-4000-8000-000000000000',
          amount: 100,
          currency: 'SEK',
          paymentDate: todayInSweden(),
        },
      });
      assert.equal(unknown.status, 404);
    });
  });

  describe('access', () => {
    const adminCalls: [string, Record<string, unknown>][] = [
      ['importBgMax', { form: formWith(bgMaxFile([{ reference: '100164', amountMinor: 100 }]).bytes) }],
      ['listPayments', {}],
      [
        'registerPayment',
        {
          body: {
            invoiceId: '00000000-0000-4000-8000-000000000000',
            amount: 1,
            currency: 'SEK',
            paymentDate: '2026-01-02',
          },
        },
      ],
      [
        'matchPayment',
        {
          params: { paymentId: '00000000-0000-4000-8000-000000000000' },
          body: { invoiceId: '00000000-0000-4000-8000-000000000000' },
        },
      ],
      ['findPayableInvoice', { params: { reference: '100164' } }],
    ];
    for (const [operation, options] of adminCalls) {
      test(`${operation}: 401 without a session, 403 for a freelancer and for an admin impersonating one`, async () => {
        const anonymous = await t.client().call(operation as never, options);
        assert.equal(anonymous.status, 401);
        const freelancerCall = await user.api.call(operation as never, options);
        assert.equal(freelancerCall.status, 403);
        assert.equal(freelancerCall.body.code, 'forbidden');
        const boss = await adminClient(t);
        const started = await boss.api.call('startImpersonation', { body: { userId: user.userId } });
        assert.equal(started.status, 200, JSON.stringify(started.body));
        const impersonating = await boss.api.call(operation as never, options);
        assert.equal(impersonating.status, 403);
      });
    }

    test('a user without a confirmed email is refused the salaries', async () => {
      const unconfirmed = await signUpConfirmedUser(t);
      await t.sql(`update app_user set email_confirmed_at = null where id = $1`, [unconfirmed.userId]);
      const res = await unconfirmed.api.call('listSalaryTransactions');
      assert.equal(res.status, 403);
    });
  });
});
