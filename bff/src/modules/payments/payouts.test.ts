// API tests of salaries and payouts on real PostgreSQL, every response checked against the contract: the summary,
// manual payouts, the bank day's pain.001 file (valid against the official XSD), the bank's pain.002, denials,
// payslips, the emails, and who may do what.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { formatDay } from '../../platform/i18n/format.ts';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { pain001XsdSkip, validatePain001 } from '../../../test/fixtures/edocs/xsd.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { isBankDay, nextBankDay, payoutDate } from '../../domain/bank-days.ts';
import { parseXml, selectPath, valueAt } from '../../domain/xml-tree.ts';
import { PAIN_001_NS } from '../../domain/pain001.ts';
import { isDueInBatch } from '../../domain/payout-schedule.ts';
import { mailbox } from '../auth/test-helpers.ts';
import {
  adminClient,
  bgMaxFile,
  freelancer,
  importFile,
  sentInvoice,
  todayInSweden,
  statusReportXml,
  uploadStatusReport,
} from './test-helpers.ts';

describe('salaries and payouts', () => {
  let t: TestApp;
  let admin: ApiClient;
  /** Monthly preference, asks for a manual payout. */
  let anna: TestUser;
  /** Immediate preference, English. */
  let ben: TestUser;
  /** Monthly preference, no bank details once paid. */
  let cleo: TestUser;
  const today = todayInSweden();

  async function paid(user: TestUser, amount?: number): Promise<void> {
    const invoice = await sentInvoice(t, user.api);
    const res = await importFile(
      admin,
      bgMaxFile([{ reference: invoice.ocr, amountMinor: amount ?? invoice.totalInclVat }]).bytes,
    );
    assert.equal(res.status, 201, JSON.stringify(res.body));
  }

  before(async () => {
    t = await createTestApp({ rateLimits: false });
    admin = (await adminClient(t)).api;
    anna = await freelancer(t);
    ben = await freelancer(t, { payoutPreference: 'payout_immediate', locale: 'en', pensionRate: 4.5 });
    cleo = await freelancer(t);
    await paid(anna);
    await paid(anna, 50_000);
    await paid(ben);
    // Invoices are only sent with bank details; Cleo's are gone by the time she is paid (an admin removed them).
    await paid(cleo);
    await t.sql(`delete from bank_account where user_id = $1`, [cleo.userId]);
  });
  after(() => t.close());

  const summary = async (user: TestUser) => (await user.api.call('getPayoutSummary')).body;
  const available = async (userId: string) =>
    Number(
      (
        await t.sql(
          `select coalesce(sum(payout_amount), 0)::bigint as n from salary_item where owner_id = $1 and payout_id is null`,
          [userId],
        )
      ).rows[0].n,
    );

  describe('the summary', () => {
    test('what is available now, and when the next payout leaves by the payout preference', async () => {
      const firstOpen = isBankDay(today) ? today : nextBankDay(today);
      const annaSummary = await summary(anna);
      assert.equal(annaSummary.availableNow, await available(anna.userId));
      assert.equal(annaSummary.availableItemCount, 2);
      assert.equal(annaSummary.payoutPreference, 'payout_monthly');
      const monthly = payoutDate('payout_monthly', today);
      assert.deepEqual(annaSummary.nextPayout, {
        date: monthly < firstOpen ? firstOpen : monthly,
        amount: annaSummary.availableNow,
        itemCount: 2,
      });
      const benSummary = await summary(ben);
      assert.equal(benSummary.nextPayout.date, nextBankDay(today));
    });

    test('without bank details nothing is on its way, and a manual payout is refused', async () => {
      const cleoSummary = await summary(cleo);
      assert.equal(cleoSummary.bankDetailsRegistered, false);
      assert.ok(cleoSummary.availableNow > 0);
      assert.equal(cleoSummary.nextPayout, null);
      const res = await cleo.api.call('requestPayout');
      assert.equal(res.status, 409);
      assert.equal(res.body.code, 'bank_details_missing');
      const rows = await cleo.api.call('listSalaryTransactions');
      assert.equal(rows.body.items[0].expectedPayoutDate, null);
    });
  });

  describe('a manual payout', () => {
    let payout: { id: string; executionDate: string; amount: number; reference: string };

    before(async () => {
      const res = await anna.api.call('requestPayout', { headers: { 'idempotency-key': 'anna-payout-000001' } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      payout = res.body;
    });

    test('takes everything available and leaves on the next bank day', async () => {
      assert.equal(payout.executionDate, nextBankDay(today));
      assert.equal(payout.amount, (await summary(anna)).scheduledPayouts[0].amount);
      assert.equal(await available(anna.userId), 0);
      const after = await summary(anna);
      assert.equal(after.availableNow, 0);
      assert.deepEqual(after.nextPayout, { date: payout.executionDate, amount: payout.amount, itemCount: 2 });
    });

    test('a retry with the same key answers the same payout; another ask finds nothing to pay', async () => {
      const retry = await anna.api.call('requestPayout', { headers: { 'idempotency-key': 'anna-payout-000001' } });
      assert.equal(retry.status, 200);
      assert.equal(retry.body.id, payout.id);
      const again = await anna.api.call('requestPayout');
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'payout_nothing_available');
      const malformed = await anna.api.call('requestPayout', { headers: { 'idempotency-key': 'x' } });
      assert.equal(malformed.status, 400);
    });

    test('shows on the salaries screen: the payout and its salary items as initiated', async () => {
      const rows = (await anna.api.call('listSalaryTransactions')).body.items;
      const payoutRow = rows.find((r: { kind: string }) => r.kind === 'payout');
      assert.deepEqual(
        [payoutRow.status, payoutRow.reference, payoutRow.from, payoutRow.expectedPayoutDate],
        ['initiated', payout.reference, 'Frilo', payout.executionDate],
      );
      const salaries = rows.filter((r: { kind: string }) => r.kind === 'salary');
      assert.deepEqual(
        salaries.map((r: { status: string; payoutId: string }) => [r.status, r.payoutId]),
        [
          ['initiated', payout.id],
          ['initiated', payout.id],
        ],
      );
      const filtered = await anna.api.call('listSalaryTransactions', {
        query: { kind: 'payout', status: 'initiated' },
      });
      assert.equal(filtered.body.page.total, 1);
      const detail = await anna.api.call('getSalaryTransaction', { params: { transactionId: payout.id } });
      assert.equal(detail.body.payout.items.length, 2);
      assert.equal(detail.body.salary, null);
    });

    test('its payslip: gross, tax, net and what is paid out, from the stored salary items', async () => {
      const res = await anna.api.call('getPayslip', { params: { payoutId: payout.id } });
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'application/pdf');
      const { text } = await extractPdfText(res.body);
      const items = await t.sql(
        `select sum(gross_salary)::bigint as gross, sum(net_salary)::bigint as net from salary_item where payout_id = $1`,
        [payout.id],
      );
      const kr = (ore: number) =>
        `${String(Math.floor(ore / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${String(ore % 100).padStart(2, '0')}`;
      assert.ok(text.includes('Lönespecifikation'), text);
      assert.ok(text.includes(`Bruttolön (inkl. semesterersättning) ${kr(Number(items.rows[0].gross))}`), text);
      // The employer with its organisation number, the period, the account (masked), the year so far.
      assert.ok(text.includes('Frilo Demo AB'), text);
      assert.ok(text.includes('Org.nr 559900-1236'), text);
      assert.match(text, /Löneperiod \d{4}-\d{2}-01 – \d{4}-\d{2}-\d{2}/);
      assert.ok(text.includes('Till konto Swedbank •••• 7897'), text);
      assert.ok(text.includes(`Hittills i år (${payout.executionDate.slice(0, 4)})`), text);
      assert.ok(text.includes(`Bruttolön utbetald ${kr(Number(items.rows[0].gross))}`), text);
      assert.ok(text.includes(`Nettolön ${kr(Number(items.rows[0].net))}`), text);
      assert.ok(text.includes(`Att utbetala (SEK) ${kr(payout.amount)}`), text);
      assert.ok(text.includes('19811218-9876'), text);
      // Each invoice the salary came from, with the day it was paid.
      const numbers = await t.sql(
        `select i.number from salary_item s join invoice i on i.id = s.invoice_id where s.payout_id = $1 order by i.number`,
        [payout.id],
      );
      for (const { number } of numbers.rows) {
        assert.match(text, new RegExp(`${number} Volvo Personvagnar AB ${today}`), text);
      }
      const other = await ben.api.call('getPayslip', { params: { payoutId: payout.id } });
      assert.equal(other.status, 404);
      const anonymous = await t.client().call('getPayslip', { params: { payoutId: payout.id } });
      assert.equal(anonymous.status, 401);
    });
  });

  describe('the bank day’s payout file', () => {
    let batch: {
      id: string;
      executionDate: string;
      messageId: string;
      numberOfTransactions: number;
      controlSum: number;
    };
    let xml: string;

    before(async () => {
      const day = nextBankDay(today);
      const res = await admin.call('createPayoutBatch', { body: { executionDate: day } });
      assert.equal(res.status, 201, JSON.stringify(res.body));
      batch = res.body.batch;
      const file = await admin.call('getPayoutBatchFile', { params: { batchId: batch.id } });
      assert.equal(file.status, 200);
      assert.match(file.headers.get('content-type') ?? '', /application\/xml/);
      xml = file.body;
    });

    test('takes the payouts asked for that day and the salaries due then, of freelancers with bank details', async () => {
      const day = nextBankDay(today);
      const expected = [anna.userId];
      if (isDueInBatch('payout_immediate', today, day)) expected.push(ben.userId);
      const payouts = (await admin.call('listPayouts', { query: { batchId: batch.id } })).body.items;
      assert.deepEqual(payouts.map((p: { userId: string }) => p.userId).sort(), expected.sort());
      assert.equal(batch.numberOfTransactions, expected.length);
      assert.equal(
        batch.controlSum,
        payouts.reduce((sum: number, p: { amount: number }) => sum + p.amount, 0),
      );
      // Cleo's salary waits for bank details; nothing of hers is in any payout.
      assert.equal(await available(cleo.userId), (await summary(cleo)).availableNow);
      assert.ok((await summary(cleo)).availableNow > 0);
    });

    test('is a pain.001.001.03 document valid against the official XSD, one transaction per payout', async (context) => {
      if (pain001XsdSkip) return context.skip(pain001XsdSkip);
      const result = await validatePain001(xml);
      assert.deepEqual(result.errors, []);
      assert.equal(result.valid, true);
      const document = parseXml(xml, { [PAIN_001_NS]: '' });
      const transactions = selectPath(document, 'CstmrCdtTrfInitn/PmtInf/CdtTrfTxInf');
      const payouts = (await admin.call('listPayouts', { query: { batchId: batch.id } })).body.items;
      assert.deepEqual(
        transactions.map((tx) => valueAt(tx, 'PmtId/EndToEndId')).sort(),
        payouts.map((p: { id: string }) => p.id.replaceAll('-', '')).sort(),
      );
      assert.equal(valueAt(document, 'CstmrCdtTrfInitn/GrpHdr/MsgId'), batch.messageId);
      assert.equal(valueAt(document, 'CstmrCdtTrfInitn/PmtInf/ReqdExctnDt'), batch.executionDate);
      assert.equal(valueAt(transactions[0]!, 'Cdtr/Nm'), 'Frida Frilans');
    });

    test('a bank day has one file: asking again answers it and changes nothing', async () => {
      const again = await admin.call('createPayoutBatch', { body: { executionDate: batch.executionDate } });
      assert.equal(again.status, 200);
      assert.deepEqual([again.body.created, again.body.batch.id], [false, batch.id]);
      const listed = await admin.call('listPayoutBatches');
      assert.deepEqual(
        listed.body.items.map((b: { id: string }) => b.id),
        [batch.id],
      );
    });

    test('each freelancer is told the amount and the bank day, in their language', async () => {
      await t.drainJobs();
      const annaMails = await mailbox(t, anna.email);
      const annaPayout = annaMails.find((m) => m.subject.startsWith('Din lön på'));
      assert.ok(annaPayout, annaMails.map((m) => m.subject).join('\n'));
      assert.match(
        annaPayout.text,
        new RegExp(`lämnar vår bank den ${formatDay(batch.executionDate, 'sv')} till ditt konto`),
      );
      assert.match(annaPayout.text, /Swedbank •••• 7897/);
      if (batch.numberOfTransactions === 2) {
        const benMails = await mailbox(t, ben.email);
        assert.ok(
          benMails.some((m) => /^Your salary of SEK\u00a0[\d,.]+ is on its way to your account$/.test(m.subject)),
        );
      }
    });

    test('a day that is not a bank day, or has passed, is refused', async () => {
      const weekend = new Date(`${today}T12:00:00Z`);
      weekend.setUTCDate(weekend.getUTCDate() + ((6 - weekend.getUTCDay() + 7) % 7 || 7));
      const notBankDay = await admin.call('createPayoutBatch', {
        body: { executionDate: weekend.toISOString().slice(0, 10) },
      });
      assert.equal(notBankDay.status, 422);
      assert.equal(notBankDay.body.code, 'not_a_bank_day');
      const past = await admin.call('createPayoutBatch', { body: { executionDate: '2026-01-02' } });
      assert.equal(past.status, 422);
      assert.equal(past.body.code, 'execution_date_past');
    });

    describe('the bank’s status report', () => {
      test('a rejection denies the payout and makes its salary available again; an acceptance completes one', async () => {
        const payouts = (await admin.call('listPayouts', { query: { batchId: batch.id } })).body.items as {
          id: string;
          userId: string;
          amount: number;
        }[];
        const annas = payouts.find((p) => p.userId === anna.userId)!;
        const bens = payouts.find((p) => p.userId === ben.userId);
        const report = statusReportXml('STS-0001', batch.messageId, [
          [annas.id.replaceAll('-', ''), 'RJCT', 'AC04'],
          ...(bens ? [[bens.id.replaceAll('-', ''), 'ACSC'] as [string, string]] : []),
          ['not-one-of-ours', 'ACSC'],
        ]);
        const res = await uploadStatusReport(admin, report);
        assert.equal(res.status, 201, JSON.stringify(res.body));
        assert.deepEqual(
          [res.body.denied, res.body.completed, res.body.unknownEndToEndIds],
          [1, bens ? 1 : 0, ['not-one-of-ours']],
        );
        const annaAfter = await summary(anna);
        assert.equal(annaAfter.availableNow, annas.amount);
        const rows = (await anna.api.call('listSalaryTransactions')).body.items;
        assert.equal(rows.find((r: { id: string }) => r.id === annas.id).status, 'failed_after_complete');
        assert.deepEqual(
          rows.filter((r: { kind: string }) => r.kind === 'salary').map((r: { status: string }) => r.status),
          ['completed_invoice', 'completed_invoice'],
        );
        const detail = await anna.api.call('getSalaryTransaction', { params: { transactionId: annas.id } });
        assert.match(detail.body.payout.statusReason, /AC04 Kontot är avslutat/);
        // A denied payout's payslip is gone: its salary goes out with another payout.
        assert.equal((await anna.api.call('getPayslip', { params: { payoutId: annas.id } })).status, 404);
        if (bens) {
          const benRow = (await ben.api.call('getSalaryTransaction', { params: { transactionId: bens.id } })).body;
          assert.equal(benRow.transaction.status, 'completed_transaction');
        }
        const again = await uploadStatusReport(admin, report);
        assert.equal(again.status, 200);
        assert.equal(again.body.duplicate, true);
        assert.equal((await summary(anna)).availableNow, annas.amount);
      });

      test('a report on a file that is not ours, or not a report, is refused', async () => {
        const foreign = await uploadStatusReport(admin, statusReportXml('STS-0002', 'SOMEONE-ELSES', []));
        assert.equal(foreign.status, 422);
        assert.equal(foreign.body.code, 'status_report_unknown_file');
        const junk = await uploadStatusReport(admin, '<not-xml');
        assert.equal(junk.status, 422);
        assert.equal(junk.body.code, 'status_report_invalid');
      });

      test('an admin marks a payout denied; once', async () => {
        const again = await anna.api.call('requestPayout');
        assert.equal(again.status, 201, JSON.stringify(again.body));
        const denied = await admin.call('denyPayout', {
          params: { payoutId: again.body.id },
          body: { reason: 'Returned: account closed' },
        });
        assert.equal(denied.status, 200);
        assert.deepEqual(
          [denied.body.status, denied.body.statusReason],
          ['failed_after_complete', 'Returned: account closed'],
        );
        assert.equal((await summary(anna)).availableNow, again.body.amount);
        const twice = await admin.call('denyPayout', { params: { payoutId: again.body.id }, body: { reason: 'x' } });
        assert.equal(twice.status, 409);
        const byFreelancer = await anna.api.call('denyPayout', {
          params: { payoutId: again.body.id },
          body: { reason: 'x' },
        });
        assert.equal(byFreelancer.status, 403);
        const events = await t.sql(`select event, actor_type from payout_event where payout_id = $1 order by id`, [
          again.body.id,
        ]);
        assert.deepEqual(
          events.rows.map((r) => [r.event, r.actor_type]),
          [
            ['create', 'user'],
            ['deny', 'admin'],
          ],
        );
      });
    });
  });

  describe('access', () => {
    const adminCalls: [string, Record<string, unknown>][] = [
      ['listPayoutBatches', {}],
      ['createPayoutBatch', { body: {} }],
      ['getPayoutBatchFile', { params: { batchId: '00000000-0000-4000-8000-000000000000' } }],
      ['listPayouts', {}],
      ['denyPayout', { params: { payoutId: '00000000-0000-4000-8000-000000000000' }, body: { reason: 'x' } }],
    ];
    for (const [operation, options] of adminCalls) {
      test(`${operation}: 401 without a session, 403 for a freelancer`, async () => {
        assert.equal((await t.client().call(operation as never, options)).status, 401);
        const res = await anna.api.call(operation as never, options);
        assert.equal(res.status, 403);
      });
    }

    test('importPaymentStatusReport: 401 without a session, 403 for a freelancer', async () => {
      const form = () => {
        const data = new FormData();
        data.set('file', new Blob(['<x/>']), 'r.xml');
        return data;
      };
      assert.equal((await t.client().call('importPaymentStatusReport', { form: form() })).status, 401);
      assert.equal((await anna.api.call('importPaymentStatusReport', { form: form() })).status, 403);
    });

    test('another freelancer’s salary item or payout is a 404; the freelancer operations need a session', async () => {
      const rows = (await anna.api.call('listSalaryTransactions')).body.items;
      for (const row of rows.slice(0, 2)) {
        const res = await ben.api.call('getSalaryTransaction', { params: { transactionId: row.id } });
        assert.equal(res.status, 404);
      }
      for (const operation of ['listSalaryTransactions', 'getPayoutSummary', 'requestPayout'] as const) {
        assert.equal((await t.client().call(operation)).status, 401);
      }
    });
  });
});
