// Payment reminders with two BFF processes on one database and a SIGKILL in the middle (issue 24's "done when"): the
// real server started twice as child processes (bff-process.ts), mail to a real SMTP server on loopback, invoices past
// due by 0 to 40 days. A run is killed while it is halfway through (held at one invoice's row by a lock this test
// takes), the other process runs at the same moment, the killed one comes back and both run again: every reminder the
// rule says is due exists once, went out by email once, and is one event of its invoice.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bffProcess, database, until, type BffProcess, type TestDatabase } from '../../../test/bff-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { ApiClient } from '../../../test/test-app.ts';
import { reminderDueOn, type ReminderInterval, type SentReminder } from '../../domain/payment-reminders.ts';
import { swedishCompany } from '../customers/test-data.ts';
import { PASSWORD, signUpBody } from '../auth/test-helpers.ts';

const DAY_MS = 86_400_000;
const plusDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
const row = { description: 'Konsulttjänst', unitPrice: 100_000, quantity: 8, unit: 'hour', vatPercentage: 25 };

interface Case {
  id: string;
  email: string;
  lateBy: number;
  interval: ReminderInterval;
}

/** The same browser (cookies) talking to another process. */
function sameBrowser(api: ApiClient, url: string): ApiClient {
  const other = new ApiClient(url);
  for (const [name, value] of api.cookies) other.cookies.set(name, value);
  return other;
}

describe('payment reminders: two processes and a kill in the middle', () => {
  let db: TestDatabase;
  let smtp: SmtpInbox;
  let dataDir: string;
  let a: BffProcess;
  let b: BffProcess;
  let adminOnA: ApiClient;
  let adminOnB: ApiClient;
  const cases: Case[] = [];

  before(async () => {
    db = await database();
    smtp = await startSmtpInbox();
    dataDir = await mkdtemp(join(tmpdir(), 'frilo-reminders-'));
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SMTP_URL: smtp.url,
      SENDING_LEASE_SECONDS: '3',
      SENDING_RETRY_DELAY_SECONDS: '1',
    };
    // The demo freelancer (a personal number, bank details) comes from A's seed.
    a = await bffProcess({ env: { ...env, SEED_DEMO_DATA: 'true' } });
    b = await bffProcess({ env });
    await a.start();
    await b.start();
    const freelancer = a.client();
    const login = await freelancer.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    assert.equal(login.status, 200);
    const onB = sameBrowser(freelancer, b.url);

    // Invoices due 0 to 40 days ago, every 7 or 14 days, made and sent through both processes.
    for (let lateBy = 0; lateBy <= 40; lateBy += 2) {
      const api = lateBy % 4 ? onB : freelancer;
      const email = `kill-reminder-${lateBy}-${Date.now()}@volvo.se`;
      const customer = await api.call('createCustomer', { body: { ...swedishCompany, email } });
      assert.equal(customer.status, 201, JSON.stringify(customer.body));
      const interval: ReminderInterval = lateBy % 3 ? 7 : 14;
      const draft = await api.call('createInvoice', {
        body: {
          recipientId: customer.body.id,
          rows: [row],
          invoiceDate: plusDays(today, -30 - lateBy),
          paymentTermsDays: 30,
          reminderInterval: interval,
          reminderFee: lateBy % 5 === 0,
        },
      });
      assert.equal(draft.status, 201, JSON.stringify(draft.body));
      assert.equal((await api.call('sendInvoice', { params: { invoiceId: draft.body.id } })).status, 200);
      cases.push({ id: draft.body.id, email, lateBy, interval });
    }
    await until(
      'every invoice to be sent',
      async () =>
        (
          await db.sql(`select count(*)::int as n from invoice where id = any($1::uuid[]) and state = 'sent'`, [
            cases.map((c) => c.id),
          ])
        ).rows[0].n === cases.length,
      60_000,
    );

    // An admin, who may run the reminders now (the morning job's work).
    const email = `kill-admin-${Date.now()}@example.com`;
    const admin = a.client();
    assert.equal((await admin.call('signUp', { body: signUpBody(email) })).status, 201);
    await db.sql(`update app_user set email_confirmed_at = now(), is_admin = true where email = $1`, [email]);
    assert.equal((await admin.call('login', { body: { email, password: PASSWORD } })).status, 200);
    adminOnA = admin;
    adminOnB = sameBrowser(admin, b.url);
  });

  after(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await smtp?.close();
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function remindersOf(invoiceId: string): Promise<SentReminder[]> {
    const { rows } = await db.sql(
      `select sequence, to_char(sent_on, 'YYYY-MM-DD') as "sentOn" from invoice_reminder where invoice_id = $1
       order by sequence`,
      [invoiceId],
    );
    return rows as SentReminder[];
  }

  /** What the rule says each invoice has after a run today, given what it had. */
  async function expectedAfterRun(): Promise<Map<string, number>> {
    const expected = new Map<string, number>();
    for (const c of cases) {
      const sent = await remindersOf(c.id);
      const due = reminderDueOn({ dueDate: plusDays(today, -c.lateBy), interval: c.interval, sent, today });
      expected.set(c.id, sent.length + (due ? 1 : 0));
    }
    return expected;
  }

  /** Each invoice has the reminders expected, each delivered, each emailed once, each one event by the system. */
  async function assertOnce(expected: Map<string, number>): Promise<void> {
    const ids = cases.map((c) => c.id);
    await until(
      'every reminder to be delivered',
      async () =>
        (
          await db.sql(
            `select count(*)::int as n from invoice_reminder where invoice_id = any($1::uuid[]) and delivery_state <> 'delivered'`,
            [ids],
          )
        ).rows[0].n === 0,
      60_000,
    );
    // A while longer: a second delivery by the other process's worker would show up now.
    await new Promise((r) => setTimeout(r, 2000));
    for (const c of cases) {
      const reminders = await remindersOf(c.id);
      const label = `late by ${c.lateBy}, every ${c.interval} days`;
      assert.equal(reminders.length, expected.get(c.id), label);
      assert.equal(smtp.to(c.email).length, 1 + reminders.length, `${label}: the invoice and one email per reminder`);
      const { rows } = await db.sql(
        `select count(*)::int as n, bool_and(actor_type = 'system') as system from invoice_event
         where invoice_id = $1 and event = 'reminder_sent'`,
        [c.id],
      );
      assert.deepEqual(rows[0], { n: reminders.length, system: reminders.length ? true : null }, label);
    }
  }

  test('a run SIGKILLed halfway while the other process runs too: each reminder once', async () => {
    const expected = await expectedAfterRun();
    const due = [...expected].filter(([, n]) => n > 0).length;
    assert.ok(due >= 10, `enough reminders due (${due})`);
    // The run's order (due date, id): hold the sixth invoice's row, so A makes five reminders and waits at the sixth.
    const { rows: order } = await db.sql(
      `select id from invoice where id = any($1::uuid[]) and due_date + reminder_interval <= $2::date
       order by due_date, id`,
      [cases.map((c) => c.id), today],
    );
    const held = order[5]!.id as string;
    const blocker = await db.hold(`select 1 from invoice where id = '${held}' for update`);
    let fromB: Promise<unknown> | undefined;
    try {
      const fromA = adminOnA.call('runPaymentReminders').catch(() => undefined);
      const waiting = async (where: string) =>
        (
          await db.sql(
            `select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and ${where}`,
          )
        ).rows[0].n as number;
      await until('A to wait at the held invoice', async () => (await waiting(`query like '%for update%'`)) === 1);
      const beforeKill = (
        await db.sql(`select count(*)::int as n from invoice_reminder where invoice_id = any($1::uuid[])`, [
          cases.map((c) => c.id),
        ])
      ).rows[0].n;
      assert.ok(beforeKill >= 5, `A made reminders before it was held (${beforeKill})`);
      // Their emails went (no kill in the middle of an SMTP conversation here: the sending tests cover that).
      await until(
        "A's reminders to be delivered",
        async () =>
          (
            await db.sql(
              `select count(*)::int as n from invoice_reminder where delivery_state = 'delivered' and invoice_id = any($1::uuid[])`,
              [cases.map((c) => c.id)],
            )
          ).rows[0].n === beforeKill,
      );
      // B runs now too: it finds A's reminders made and waits at the same invoice.
      fromB = adminOnB.call('runPaymentReminders');
      await until(
        'B to wait at the held invoice as well',
        async () => (await waiting(`query like '%for update%'`)) === 2,
      );
      await a.kill();
      await fromA;
    } finally {
      await blocker.release();
    }
    const answer = (await fromB) as { status: number };
    assert.equal(answer.status, 200);
    await a.start();
    // Both run again at once after the restart: nothing more is due today.
    const again = await Promise.all([adminOnA.call('runPaymentReminders'), adminOnB.call('runPaymentReminders')]);
    for (const reply of again) assert.equal(reply.status, 200);
    await assertOnce(expected);
  });

  test('the second reminders, a week or two on, through both at once: once each', async () => {
    // As if the first reminders had gone their interval ago.
    for (const c of cases) {
      await db.sql(`update invoice_reminder set sent_on = sent_on - $2::int where invoice_id = $1`, [c.id, c.interval]);
    }
    const expected = await expectedAfterRun();
    assert.ok(
      [...expected.values()].some((n) => n === 2),
      'some second reminders are due',
    );
    const runs = await Promise.all(
      [adminOnA, adminOnB, adminOnA, adminOnB].map((api) => api.call('runPaymentReminders')),
    );
    for (const reply of runs) assert.equal(reply.status, 200);
    await assertOnce(expected);
  });
});
