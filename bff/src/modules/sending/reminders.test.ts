// Payment reminders end to end on real PostgreSQL and a real SMTP server on loopback (issue 24): who is reminded when,
// each reminder once however many runs meet, the email with the reminder PDF and the same OCR, the fee stated on the
// invoice and paid by BgMax with it (no overpayment, not salary), the history, the overdue list and the defaults.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { EntityManager } from '@mikro-orm/postgresql';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import type { TestUser } from '../../../test/fixtures.ts';
import { extractPdfText } from '../../../test/pdf-text.ts';
import { decodeHeader, mimeParts, startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { reminderDueOn, type ReminderInterval, type SentReminder } from '../../domain/payment-reminders.ts';
import { PASSWORD, signUpBody, uniqueEmail } from '../auth/test-helpers.ts';
import { createBankingService } from '../banking/public.ts';
import { swedishCompany } from '../customers/test-data.ts';
import { bgMaxFile, importFile, todayInSweden } from '../payments/test-helpers.ts';
import { SWEEP_QUEUE } from './service.ts';

const DAY_MS = 86_400_000;
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const row = { description: 'Webbutveckling', unitPrice: 100_000, quantity: 10, unit: 'hour', vatPercentage: 25 };

describe('payment reminders', () => {
  let t: TestApp;
  let smtp: SmtpInbox;
  let user: TestUser;
  let admin: ApiClient;
  let today: string;
  let serial = 0;

  /** Signs up and confirms by SQL: this app's emails go to the SMTP server, not the dev mailbox. */
  async function account(isAdmin = false): Promise<TestUser> {
    const api = t.client();
    const email = uniqueEmail(isAdmin ? 'admin' : 'reminding');
    assert.equal((await api.call('signUp', { body: signUpBody(email) })).status, 201);
    await t.sql(`update app_user set email_confirmed_at = now(), is_admin = $2 where email = $1`, [email, isAdmin]);
    const login = await api.call('login', { body: { email, password: PASSWORD } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    return { api, email, userId: login.body.user.id as string };
  }

  before(async () => {
    smtp = await startSmtpInbox();
    const base = (await import('../../platform/config.ts')).loadConfig({ NODE_ENV: 'test' });
    t = await createTestApp({ smtpUrl: smtp.url, rateLimits: false, sending: { ...base.sending, maxAttempts: 3 } });
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
  });

  /** An invoice to a customer of its own address, sent, due `lateBy` days before today. */
  async function sentInvoice(
    options: { lateBy: number; interval: ReminderInterval | null; fee?: boolean; reference?: string },
    customer: Record<string, unknown> = {},
  ): Promise<{ id: string; email: string; number: number; ocr: string; total: number }> {
    const email = `ap-${++serial}-${Date.now()}@volvo.se`;
    const created = await user.api.call('createCustomer', { body: { ...swedishCompany, email, ...customer } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    const draft = await user.api.call('createInvoice', {
      body: {
        recipientId: created.body.id,
        rows: [row],
        invoiceDate: plusDays(today, -30 - options.lateBy),
        paymentTermsDays: 30,
        reminderInterval: options.interval,
        reminderFee: options.fee ?? false,
        ...(options.reference ? { reference: options.reference } : {}),
      },
    });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    const sent = await user.api.call('sendInvoice', { params: { invoiceId: draft.body.id } });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    await t.drainJobs();
    const got = (await user.api.call('getInvoice', { params: { invoiceId: draft.body.id } })).body;
    assert.equal(got.statusName, 'sent');
    return { id: got.id, email, number: got.number, ocr: got.ocrNumber, total: got.totals.totalInclVat };
  }

  /** Runs the reminders as an admin, `times` runs at once; their reminder counts. */
  async function run(times = 1): Promise<number[]> {
    const answers = await Promise.all(Array.from({ length: times }, () => admin.call('runPaymentReminders')));
    for (const answer of answers) assert.equal(answer.status, 200, JSON.stringify(answer.body));
    await t.drainJobs();
    return answers.map((answer) => answer.body.reminded as number);
  }

  /** Every reminder made so far, as the domain rule reads them. */
  async function remindersOf(invoiceId: string): Promise<SentReminder[]> {
    const { rows } = await t.sql(
      `select sequence, to_char(sent_on, 'YYYY-MM-DD') as "sentOn" from invoice_reminder where invoice_id = $1
       order by sequence`,
      [invoiceId],
    );
    return rows as SentReminder[];
  }

  /** Moves an invoice's reminders `days` back in time, as if they had been made that much earlier. */
  const age = (invoiceId: string, days: number) =>
    t.sql(`update invoice_reminder set sent_on = sent_on - $2::int where invoice_id = $1`, [invoiceId, days]);

  test('a run over invoices past due by 0–40 days reminds each once: runs at once, again, and days later', async () => {
    const cases: { lateBy: number; interval: ReminderInterval | null }[] = [];
    for (let lateBy = 0; lateBy <= 40; lateBy += 4) cases.push({ lateBy, interval: lateBy % 8 === 0 ? 7 : 14 });
    cases.push({ lateBy: 30, interval: null });
    const invoices = await Promise.all(cases.map(async (c) => ({ ...c, ...(await sentInvoice(c)) })));
    // A paid and a credited invoice, long overdue with reminders on, are never reminded.
    const paid = await sentInvoice({ lateBy: 35, interval: 7 });
    assert.equal(
      (
        await admin.call('registerPayment', {
          body: { invoiceId: paid.id, amount: paid.total, currency: 'SEK', paymentDate: today },
        })
      ).status,
      201,
    );
    const credited = await sentInvoice({ lateBy: 35, interval: 7 });
    assert.equal((await user.api.call('creditInvoice', { params: { invoiceId: credited.id } })).status, 200);
    await t.drainJobs();

    // Expected by the domain's rule, day by day: what is due today, for each invoice.
    const expected = new Map<string, number>();
    const dueNow = (invoice: (typeof invoices)[number], sent: SentReminder[]) =>
      reminderDueOn({ dueDate: plusDays(today, -invoice.lateBy), interval: invoice.interval, sent, today });

    // Three runs at once: each reminder due once.
    const made = await run(3);
    let total = 0;
    for (const invoice of invoices) {
      const due = dueNow(invoice, []);
      expected.set(invoice.id, due ? 1 : 0);
      total += due ? 1 : 0;
    }
    assert.equal(
      made.reduce((sum, n) => sum + n, 0),
      total,
      'the runs together made each reminder due once',
    );
    for (const invoice of invoices) {
      assert.equal((await remindersOf(invoice.id)).length, expected.get(invoice.id), `late by ${invoice.lateBy}`);
      assert.equal(smtp.to(invoice.email).length, 1 + expected.get(invoice.id)!, 'the invoice and its reminders');
    }
    // Nothing more the same day.
    assert.deepEqual(await run(2), [0, 0]);

    // As if the first reminders had gone a week or two ago: the second is due where the rule says, once.
    for (const invoice of invoices) {
      await age(invoice.id, invoice.interval ?? 0);
      const due = dueNow(invoice, await remindersOf(invoice.id));
      if (due) expected.set(invoice.id, due.sequence);
    }
    await run(2);
    for (const invoice of invoices) {
      const reminders = await remindersOf(invoice.id);
      assert.equal(reminders.length, expected.get(invoice.id), `late by ${invoice.lateBy}, every ${invoice.interval}`);
      assert.equal(smtp.to(invoice.email).length, 1 + reminders.length);
      assert.deepEqual(
        reminders.map((r) => r.sequence),
        reminders.map((_r, i) => i + 1),
      );
    }
    // Never a third, however much later.
    for (const invoice of invoices) await age(invoice.id, 60);
    await run();
    for (const invoice of invoices) assert.ok((await remindersOf(invoice.id)).length <= 2);

    const lateOnes = invoices.filter((invoice) => invoice.interval !== null && invoice.lateBy >= invoice.interval);
    assert.ok(lateOnes.length >= 5 && lateOnes.some((invoice) => invoice.lateBy >= 2 * invoice.interval!));
    assert.equal((await remindersOf(invoices.find((i) => i.interval === null)!.id)).length, 0, 'off: none');
    assert.deepEqual([(await remindersOf(paid.id)).length, (await remindersOf(credited.id)).length], [0, 0]);

    // Each one an event of the invoice, by the system, once per number, the state unchanged.
    const { rows: events } = await t.sql(
      `select invoice_id, count(*)::int as n, count(distinct idempotency_key)::int as keys,
         bool_and(actor_type = 'system' and from_state = to_state) as system_no_state_change
       from invoice_event where event = 'reminder_sent' group by invoice_id`,
    );
    for (const event of events) {
      assert.equal(event.n, event.keys);
      assert.equal(event.system_no_state_change, true);
      assert.equal(event.n, (await remindersOf(event.invoice_id)).length);
    }
  });

  test('the reminder email: the invoice as a reminder PDF with the same OCR, the fee, in the customer’s language, reply-to the freelancer', async () => {
    const invoice = await sentInvoice({ lateBy: 9, interval: 7, fee: true, reference: 'PO 4711' });
    const viewed = (await user.api.call('getInvoice', { params: { invoiceId: invoice.id } })).body;
    assert.deepEqual([viewed.reminderFee, viewed.nextReminder], [6_000, { sequence: 1, date: plusDays(today, -2) }]);
    // The invoice itself stated the fee in advance.
    const invoicePdf = mimeParts(smtp.to(invoice.email)[0]!.raw).parts.find((p) => p.type === 'application/pdf')!;
    const invoiceText = (await extractPdfText(new Uint8Array(invoicePdf.body))).text;
    assert.ok(invoiceText.includes('Påminnelseavgift 60 kr tas ut vid påminnelse.'), invoiceText);
    assert.ok(invoiceText.includes('dröjsmålsränta enligt räntelagen'), invoiceText);

    await run();
    const mails = smtp.to(invoice.email);
    assert.equal(mails.length, 2);
    const { headers, parts } = mimeParts(mails[1]!.raw);
    assert.equal(
      decodeHeader(headers.subject ?? ''),
      `Påminnelse: faktura ${invoice.number} från Frilo Demo AB (er referens PO 4711)`,
    );
    assert.equal(headers['reply-to'], user.email);
    const text = parts.find((p) => p.type === 'text/plain')!.body.toString('utf8');
    assert.match(text, new RegExp(`OCR-nummer ${invoice.ocr}`));
    assert.match(text, /varav påminnelseavgift 60 kr/);
    assert.match(text, /Att betala nu: 12\s560,00 SEK/);
    assert.match(text, /Har du redan betalat/);
    const pdf = parts.find((p) => p.type === 'application/pdf')!;
    const pdfText = (await extractPdfText(new Uint8Array(pdf.body))).text;
    for (const expected of [
      'Betalningspåminnelse',
      `Påminnelse 1: faktura ${invoice.number} förföll ${plusDays(today, -9)}`,
      `OCR-nummer ${invoice.ocr}`,
      'Kvar att betala på fakturan 12 500,00 SEK',
      'Påminnelseavgift 60,00 SEK',
      'Att betala nu 12 560,00 SEK',
    ]) {
      assert.ok(pdfText.replace(/\s+/g, ' ').includes(expected), `reminder PDF lacks "${expected}": ${pdfText}`);
    }

    // The history shows it, its fee and that it went; the invoice is still Sent and carries the fee charged.
    const history = (await user.api.call('getInvoiceEvents', { params: { invoiceId: invoice.id } })).body.items;
    const reminder = history.find((event: { event: string }) => event.event === 'reminder_sent');
    assert.deepEqual(
      [
        reminder.statusName,
        reminder.actor,
        reminder.reminder.sequence,
        reminder.reminder.fee,
        reminder.reminder.delivery,
      ],
      ['sent', 'system', 1, 6_000, 'delivered'],
    );
    const afterRun = (await user.api.call('getInvoice', { params: { invoiceId: invoice.id } })).body;
    assert.deepEqual(
      [afterRun.statusName, afterRun.reminderFeeCharged, afterRun.remindersSent, afterRun.nextReminder],
      ['sent', 6_000, 1, { sequence: 2, date: plusDays(today, 7) }],
    );

    // In English for an English-speaking customer.
    const english = await sentInvoice({ lateBy: 14, interval: 14 }, { invoiceLanguage: 'en' });
    await run();
    const englishMail = mimeParts(smtp.to(english.email)[1]!.raw);
    assert.equal(
      decodeHeader(englishMail.headers.subject ?? ''),
      `Reminder: invoice ${english.number} from Frilo Demo AB`,
    );
    const englishText = englishMail.parts.find((p) => p.type === 'text/plain')!.body.toString('utf8');
    assert.match(englishText, /If you have already paid/);
    assert.doesNotMatch(englishText, /reminder fee/);
  });

  test('the invoice and its fee paid by one BgMax payment with the OCR: both paid, no overpayment, the fee not salary', async () => {
    const invoice = await sentInvoice({ lateBy: 8, interval: 7, fee: true });
    await run();
    const file = bgMaxFile([{ reference: invoice.ocr, amountMinor: invoice.total + 6_000 }]);
    const imported = await importFile(admin, file.bytes);
    assert.equal(imported.status, 201, JSON.stringify(imported.body));
    const [payment] = imported.body.payments;
    assert.deepEqual(
      [payment.status, payment.appliedAmount, payment.feeAmount, payment.overpaidAmount],
      ['matched', invoice.total, 6_000, 0],
    );
    assert.equal(imported.body.counts.overpaid, 0);
    const paid = (await user.api.call('getInvoice', { params: { invoiceId: invoice.id } })).body;
    assert.deepEqual([paid.statusName, paid.paidAmount, paid.reminderFeePaid], ['paid', invoice.total, 6_000]);
    // The salary is the invoice's, to the öre: the fee is the platform's.
    const { rows } = await t.sql(`select amount, invoice_paid_amount from salary_item where invoice_id = $1`, [
      invoice.id,
    ]);
    assert.deepEqual(
      rows.map((r) => [Number(r.amount), Number(r.invoice_paid_amount)]),
      [[1_000_000, invoice.total]],
    );
    const listed = await admin.call('listPayments', { query: { overpaid: true } });
    assert.ok(!listed.body.items.some((item: { id: string }) => item.id === payment.id), 'not listed as overpaid');
  });

  test('a reminder whose invoice was paid before its email went is cancelled, its fee given back, nothing sent', async () => {
    const invoice = await sentInvoice({ lateBy: 20, interval: 7, fee: true });
    // As a run would have made it a moment before the payment was booked.
    await t.sql(
      `insert into invoice_reminder (invoice_id, owner_id, sequence, sent_on, currency, outstanding, fee, recipient_email)
       values ($1, $2, 1, $3::date, 'SEK', $4, 6000, $5)`,
      [invoice.id, user.userId, today, invoice.total, invoice.email],
    );
    await t.sql(`update invoice set reminder_fee_charged = 6000 where id = $1`, [invoice.id]);
    assert.equal(
      (
        await admin.call('registerPayment', {
          body: { invoiceId: invoice.id, amount: invoice.total, currency: 'SEK', paymentDate: today },
        })
      ).status,
      201,
    );
    await t.services.jobs.send(SWEEP_QUEUE, {});
    await t.drainJobs();
    const { rows } = await t.sql(`select delivery_state from invoice_reminder where invoice_id = $1`, [invoice.id]);
    assert.deepEqual(rows, [{ delivery_state: 'cancelled' }]);
    assert.equal(smtp.to(invoice.email).length, 1, 'only the invoice itself');
    const got = (await user.api.call('getInvoice', { params: { invoiceId: invoice.id } })).body;
    assert.equal(got.reminderFeeCharged, 0);
  });

  test('a reminder fee only in SEK; reminders and the fee default from the profile', async () => {
    const customer = await user.api.call('createCustomer', { body: swedishCompany });
    const eur = await user.api.call('createInvoice', {
      body: { recipientId: customer.body.id, currency: 'EUR', reminderFee: true },
    });
    assert.equal(eur.status, 400);
    assert.deepEqual(
      eur.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['body.reminderFee', 'reminder_fee_sek_only']],
    );
    const profile = await user.api.call('updateProfile', { body: { reminderInterval: 14, reminderFee: true } });
    assert.equal(profile.status, 200, JSON.stringify(profile.body));
    assert.deepEqual([profile.body.reminderInterval, profile.body.reminderFee], [14, true]);
    const draft = await user.api.call('createInvoice', { body: { recipientId: customer.body.id } });
    assert.deepEqual([draft.body.reminderInterval, draft.body.reminderFee], [14, 6_000]);
    // Changing the currency drops the fee (the UI hides it); the interval stays.
    const euro = await user.api.call('updateInvoice', {
      params: { invoiceId: draft.body.id },
      body: { version: draft.body.version, currency: 'EUR' },
    });
    assert.deepEqual([euro.body.reminderInterval, euro.body.reminderFee], [14, null]);
    await user.api.call('updateProfile', { body: { reminderInterval: null, reminderFee: false } });
  });

  test('the overdue list and the dashboard: sent or partly paid, due before today, per currency', async () => {
    const fresh = await account();
    await t.sql(`update app_user set government_id = '198112189876' where id = $1`, [fresh.userId]);
    await createBankingService(t.services).seedAccount(t.services.orm.em.fork() as EntityManager, fresh.userId, {
      kind: 'domestic',
      clearingNumber: '83279',
      accountNumber: '1234567897',
      bankName: 'Swedbank',
    });
    const owner = user;
    user = fresh;
    try {
      const late = await sentInvoice({ lateBy: 3, interval: null, reference: 'Sen leverans' });
      const dueToday = await sentInvoice({ lateBy: 0, interval: null });
      const paidLate = await sentInvoice({ lateBy: 5, interval: null });
      await admin.call('registerPayment', {
        body: { invoiceId: paidLate.id, amount: 500_000, currency: 'SEK', paymentDate: today },
      });
      const list = await fresh.api.call('listInvoices', { query: { overdue: true } });
      assert.deepEqual(
        list.body.items.map((item: { id: string; overdue: boolean }) => [item.id, item.overdue]).sort(),
        [
          [late.id, true],
          [paidLate.id, true],
        ].sort(),
      );
      assert.equal(list.body.page.total, 2);
      assert.ok(!list.body.items.some((item: { id: string }) => item.id === dueToday.id), 'due today is not late');
      // With a search word and a sort by due date too.
      const searched = await fresh.api.call('listInvoices', {
        query: { overdue: true, q: 'leverans', sort: 'dueDate', order: 'asc' },
      });
      assert.deepEqual(
        searched.body.items.map((item: { id: string }) => item.id),
        [late.id],
      );
      const summary = (await fresh.api.call('getDashboardSummary')).body;
      assert.deepEqual(summary.overdue, [{ currency: 'SEK', amount: late.total + paidLate.total - 500_000, count: 2 }]);
    } finally {
      user = owner;
    }
  });
});
