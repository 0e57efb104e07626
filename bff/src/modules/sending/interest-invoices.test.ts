// Interest invoices end to end (issue 24; decision 0034): the interest an invoice paid late stated, computed per day,
// sent in one action through the normal numbering, PDF and e-invoice path, passing the EN 16931 / Peppol rules like any
// invoice (VAT category O), once however many ask at once, and refused with a reason when there is nothing to charge.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { mimeParts, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { ublXsdSkip, validateUbl } from '../../../test/fixtures/edocs/xsd.ts';
import { findDatedEntry } from '../../domain/dated-table.ts';
import { REFERENCE_RATE } from '../../domain/rates.ts';
import { checkEInvoice } from '../../domain/ubl-rules.ts';
import { PASSWORD, signUpBody, uniqueEmail } from '../auth/test-helpers.ts';
import { createBankingService } from '../banking/public.ts';
import { swedishCompany } from '../customers/test-data.ts';
import { bgMaxFile, importFile, todayInSweden } from '../payments/test-helpers.ts';

const DAY_MS = 86_400_000;
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const row = { description: 'Webbutveckling', unitPrice: 100_000, quantity: 10, unit: 'hour', vatPercentage: 25 };

describe('interest invoices', () => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let outbox: string;
  let user: TestUser;
  let admin: ApiClient;
  let today: string;

  async function account(isAdmin = false): Promise<TestUser> {
    const api = t.client();
    const email = uniqueEmail(isAdmin ? 'admin' : 'interest');
    assert.equal((await api.call('signUp', { body: signUpBody(email) })).status, 201);
    await t.sql(`update app_user set email_confirmed_at = now(), is_admin = $2 where email = $1`, [email, isAdmin]);
    const login = await api.call('login', { body: { email, password: PASSWORD } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    return { api, email, userId: login.body.user.id as string };
  }

  before(async () => {
    smtp = await startSmtpInbox();
    outbox = await mkdtemp(join(tmpdir(), 'frilo-interest-outbox-'));
    const base = (await import('../../platform/config.ts')).loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({
      smtpUrl: smtp.url,
      rateLimits: false,
      sending: { ...base.sending, einvoiceOutboxDir: outbox },
    });
    today = todayInSweden();
    user = await account();
    await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [user.userId]);
    await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, user.userId, {
      kind: 'domestic',
      clearingNumber: '83279',
      accountNumber: '1234567897',
      bankName: 'Swedbank',
    });
    admin = (await account(true)).api;
  });
  after(async () => {
    await t.close();
    await smtp.close();
    await rm(outbox, { recursive: true, force: true });
  });

  /**
   * An invoice of 12 500 kr incl. VAT dated `invoiceDate`, due 30 days later, sent, and paid in full on `paidOn` by a
   * BgMax payment with its OCR (the file's payment day is the payment's).
   */
  async function paidInvoice(options: {
    invoiceDate: string;
    paidOn: string | null;
    latePaymentInterest?: number | null;
    customer?: Record<string, unknown>;
  }): Promise<{ id: string; number: number; email: string; total: number }> {
    const email = `ap-interest-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@volvo.se`;
    const customer = await user.api.call('createCustomer', {
      body: { ...swedishCompany, email, ...options.customer },
    });
    assert.equal(customer.status, 201, JSON.stringify(customer.body));
    const draft = await user.api.call('createInvoice', {
      body: {
        recipientId: customer.body.id,
        rows: [row],
        ...(options.latePaymentInterest !== undefined ? { latePaymentInterest: options.latePaymentInterest } : {}),
      },
    });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    // Dates a year or more back cannot be typed; the days the interest runs over are what this test needs.
    await t.sql(`update invoice set invoice_date = $2::date, due_date = $2::date + 30 where id = $1`, [
      draft.body.id,
      options.invoiceDate,
    ]);
    if (options.customer?.eInvoice) {
      await t.sql(`update customer set e_invoice_connected_at = now() where id = $1`, [customer.body.id]);
    }
    const sent = await user.api.call('sendInvoice', { params: { invoiceId: draft.body.id } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await t.drainJobs();
    const got = (await user.api.call('getInvoice', { params: { invoiceId: draft.body.id } })).body;
    assert.equal(got.statusName, 'sent');
    if (options.paidOn) {
      const file = bgMaxFile([{ reference: got.ocrNumber, amountMinor: got.totals.totalInclVat }], {
        paymentDate: options.paidOn,
      });
      const imported = await importFile(admin, file.bytes);
      assert.equal(imported.status, 201, JSON.stringify(imported.body));
      assert.equal(imported.body.payments[0].status, 'matched', JSON.stringify(imported.body.payments[0]));
    }
    return { id: got.id, number: got.number, email, total: got.totals.totalInclVat };
  }

  const interestInvoice = (invoiceId: string, key?: string) =>
    user.api.call('sendInterestInvoice', {
      params: { invoiceId },
      ...(key ? { headers: { 'idempotency-key': key } } : {}),
    });

  test('12 500 kr paid 44 days late at the statutory 10 %: 150,68 kr, one line, category O, sent like any invoice', async (context) => {
    if (ublXsdSkip) return context.skip(ublXsdSkip);
    const original = await paidInvoice({ invoiceDate: '2026-03-02', paidOn: '2026-05-15' });
    const viewed = (await user.api.call('getInvoice', { params: { invoiceId: original.id } })).body;
    assert.deepEqual(viewed.lateInterest, {
      status: 'computed',
      amount: 15_068,
      currency: 'SEK',
      days: 44,
      until: '2026-05-15',
      paidInFull: true,
      rateUnknownFrom: null,
      periods: [{ from: '2026-04-02', to: '2026-05-15', days: 44, balance: 1_250_000, rate: 10, amount: 15_068 }],
    });

    const sent = await interestInvoice(original.id);
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    assert.equal(sent.headers.get('location'), `/api/invoices/${sent.body.id}`);
    assert.deepEqual(
      [sent.body.kind, sent.body.statusName, sent.body.interestFor.id, sent.body.interestFor.number],
      ['interest', 'sending', original.id, original.number],
    );
    assert.deepEqual(
      [sent.body.totals.totalExclVat, sent.body.totals.totalVat, sent.body.totals.totalInclVat],
      [15_068, 0, 15_068],
    );
    assert.equal(sent.body.number, original.number + 1, 'the next number of the one series');
    assert.deepEqual(
      [sent.body.lateInterest, sent.body.reminderInterval, sent.body.reminderFee],
      [null, null, null],
      'no interest on interest, no reminders, no fee',
    );
    await t.drainJobs();
    const interestId = sent.body.id as string;
    const delivered = (await user.api.call('getInvoice', { params: { invoiceId: interestId } })).body;
    assert.equal(delivered.statusName, 'sent');

    // The email and its PDF.
    const mails = smtp.to(original.email);
    assert.equal(mails.length, 2, 'the invoice, then its interest invoice');
    const pdf = mimeParts(mails[1]!.raw).parts.find((p) => p.type === 'application/pdf')!;
    assert.match(mails[1]!.raw, new RegExp(`filename="?Rantefaktura-${delivered.number}\\.pdf`));
    const pdfText = (await extractPdfText(new Uint8Array(pdf.body))).text.replace(/\s+/g, ' ');
    for (const expected of [
      'Räntefaktura',
      `Dröjsmålsränta på faktura ${original.number} daterad 2026-03-02, förfallen 2026-04-01.`,
      `Dröjsmålsränta faktura ${original.number}, 2026-04-02 – 2026-05-15: 44 dagar, 10 % per år på 12 500,00 SEK`,
      'Att betala (SEK) 150,68',
      'Dröjsmålsränta är inte ersättning för en vara eller tjänst och omfattas inte av mervärdesskatt.',
      `OCR-nummer ${delivered.ocrNumber}`,
    ]) {
      assert.ok(pdfText.includes(expected), `PDF lacks "${expected}": ${pdfText}`);
    }
    assert.ok(!/debiteras dröjsmålsränta/.test(pdfText), 'an interest invoice states no interest of its own');

    // Its UBL passes the EN 16931, Peppol and Swedish rules and the UBL schema like any invoice.
    const ubl = await user.api.call('getInvoiceEInvoice', { params: { invoiceId: interestId } });
    const xml = String(ubl.body);
    assert.deepEqual(checkEInvoice(xml), []);
    assert.deepEqual((await validateUbl(xml)).errors, []);
    assert.match(xml, /<cac:ClassifiedTaxCategory><cbc:ID>O<\/cbc:ID><cac:TaxScheme>/);
    assert.match(xml, /<cbc:TaxExemptionReasonCode>VATEX-EU-O<\/cbc:TaxExemptionReasonCode>/);
    assert.match(xml, new RegExp(`<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${original.number}<`));
    assert.doesNotMatch(xml, /SE559900123601|SE556036079301/, 'no VAT identifiers (BR-O-02)');

    // The paid invoice's history records it, by the freelancer; asking again answers the same one.
    const history = (await user.api.call('getInvoiceEvents', { params: { invoiceId: original.id } })).body.items;
    const event = history.find((e: { event: string }) => e.event === 'interest_invoiced');
    assert.deepEqual(
      [event.actor, event.statusName, event.interestInvoice],
      ['user', 'paid', { id: interestId, number: delivered.number }],
    );
    const again = await interestInvoice(original.id);
    assert.deepEqual([again.status, again.body.id], [200, interestId]);
    const originalAfter = (await user.api.call('getInvoice', { params: { invoiceId: original.id } })).body;
    assert.deepEqual(originalAfter.interestInvoice, {
      id: interestId,
      number: delivered.number,
      status: 3,
      statusName: 'sent',
    });

    // It is an invoice like any: not editable by hand, paid by its own OCR into salary.
    const edit = await user.api.call('updateInvoice', {
      params: { invoiceId: interestId },
      body: { version: delivered.version, reference: 'x' },
    });
    assert.deepEqual([edit.status, edit.body.code], [409, 'invoice_not_editable']);
    const payment = await importFile(admin, bgMaxFile([{ reference: delivered.ocrNumber, amountMinor: 15_068 }]).bytes);
    assert.equal(payment.body.payments[0].status, 'matched', JSON.stringify(payment.body.payments[0]));
    const { rows } = await t.sql(`select amount from salary_item where invoice_id = $1`, [interestId]);
    assert.deepEqual(
      rows.map((r) => Number(r.amount)),
      [15_068],
    );
  });

  test('a typed rate runs for the whole delay; asked for six times at once, one interest invoice', async () => {
    const original = await paidInvoice({
      invoiceDate: plusDays(today, -45),
      paidOn: today,
      latePaymentInterest: 12,
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => interestInvoice(original.id, `interest-${i}-key`)),
    );
    assert.deepEqual(
      answers.map((a) => a.status).sort(),
      [200, 200, 200, 200, 200, 201],
      JSON.stringify(answers.map((a) => a.body)),
    );
    assert.equal(new Set(answers.map((a) => a.body.id)).size, 1);
    // 12 500 kr × 12 % × 15 / 365 = 61,64 kr
    assert.equal(answers[0]!.body.totals.totalInclVat, 6_164);
    await t.drainJobs();
    const { rows } = await t.sql(
      `select (select count(*)::int from invoice where interest_for_invoice_id = $1) as invoices,
              (select count(*)::int from invoice_event where invoice_id = $1 and event = 'interest_invoiced') as events`,
      [original.id],
    );
    assert.deepEqual(rows[0], { invoices: 1, events: 1 });
    assert.equal(smtp.to(original.email).length, 2);
  });

  test('to an e-invoice customer: a UBL in the outbox that passes the rules', async (context) => {
    if (ublXsdSkip) return context.skip(ublXsdSkip);
    const original = await paidInvoice({
      invoiceDate: plusDays(today, -50),
      paidOn: today,
      latePaymentInterest: 8,
      customer: { eInvoice: true },
    });
    const sent = await interestInvoice(original.id);
    assert.equal(sent.status, 201, JSON.stringify(sent.body));
    await t.drainJobs();
    const number = (await user.api.call('getInvoice', { params: { invoiceId: sent.body.id } })).body.number;
    const files = (await readdir(outbox)).filter((f) => f.startsWith(`${number}-invoice-`));
    assert.equal(files.length, 1);
    const xml = await readFile(join(outbox, files[0]!), 'utf8');
    assert.deepEqual(checkEInvoice(xml), []);
    assert.deepEqual((await validateUbl(xml)).errors, []);
  });

  test('nothing to charge is refused with its reason, and nothing is made', async () => {
    const unpaid = await paidInvoice({ invoiceDate: plusDays(today, -60), paidOn: null, latePaymentInterest: 10 });
    const onTime = await paidInvoice({ invoiceDate: plusDays(today, -20), paidOn: today, latePaymentInterest: 10 });
    const zero = await paidInvoice({ invoiceDate: plusDays(today, -45), paidOn: today, latePaymentInterest: 0 });
    for (const [invoice, reason] of [
      [unpaid, 'not_paid'],
      [onTime, 'not_late'],
      [zero, 'no_interest'],
    ] as const) {
      const refused = await interestInvoice(invoice.id);
      assert.deepEqual(
        [refused.status, refused.body.code, refused.body.params],
        [409, 'interest_invoice_not_possible', { reason }],
      );
    }
    // The statutory rate over a half-year whose reference rate is not known yet: said, never guessed.
    const overJuly = await paidInvoice({ invoiceDate: '2026-05-21', paidOn: '2026-07-10' });
    const answer = await interestInvoice(overJuly.id);
    if (findDatedEntry(REFERENCE_RATE, '2026-07-10')) {
      assert.equal(answer.status, 201);
    } else {
      assert.deepEqual(
        [answer.status, answer.body.code, answer.body.params],
        [422, 'interest_rate_unknown', { from: '2026-07-01' }],
      );
      const viewed = (await user.api.call('getInvoice', { params: { invoiceId: overJuly.id } })).body;
      assert.deepEqual(
        [viewed.lateInterest.status, viewed.lateInterest.rateUnknownFrom, viewed.lateInterest.amount],
        ['rate_unknown', '2026-07-01', null],
      );
    }
    const { rows } = await t.sql(
      `select count(*)::int as n from invoice where interest_for_invoice_id = any($1::uuid[])`,
      [[unpaid.id, onTime.id, zero.id, ...(answer.status === 201 ? [] : [overJuly.id])]],
    );
    assert.equal(rows[0].n, 0);
    // Another user's invoice does not exist for this one.
    const other = await account();
    const foreign = await other.api.call('sendInterestInvoice', { params: { invoiceId: onTime.id } });
    assert.equal(foreign.status, 404);
  });
});
