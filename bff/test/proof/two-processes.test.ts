// Two BFF processes on one database, as a scaled-out deployment runs them (issue 15): the real server started twice
// as child processes, sharing DATABASE_URL, APP_SECRET and the files directory, mail going to a real SMTP server on
// loopback. Concurrent changes of one thing through both have exactly one effect; a SIGKILL of either process in the
// middle of work, and its restart, loses nothing and does nothing twice.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bffProcess, database, until, type BffProcess, type TestDatabase } from '../bff-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../smtp-inbox.ts';
import { ApiClient } from '../test-app.ts';
import { swedishCompany } from '../../src/modules/customers/test-data.ts';

const row = { description: 'Konsulttjänst', unitPrice: 100_000, quantity: 8, unit: 'hour', vatPercentage: 25 };

/** The same browser (cookies) talking to another process. */
function sameBrowser(api: ApiClient, url: string): ApiClient {
  const other = new ApiClient(url);
  for (const [name, value] of api.cookies) other.cookies.set(name, value);
  return other;
}

describe('two BFF processes on one database', () => {
  let db: TestDatabase;
  let smtp: SmtpInbox;
  let dataDir: string;
  let a: BffProcess;
  let b: BffProcess;
  /** The demo freelancer (seeded by the first process: a personal number, bank details, customers) on A and on B. */
  let onA: ApiClient;
  let onB: ApiClient;

  before(async () => {
    db = await database();
    smtp = await startSmtpInbox();
    dataDir = await mkdtemp(join(tmpdir(), 'frilo-two-'));
    const env = {
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      APP_SECRET: randomBytes(32).toString('base64url'),
      DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      SMTP_URL: smtp.url,
      SENDING_LEASE_SECONDS: '3',
      SENDING_RETRY_DELAY_SECONDS: '1',
    };
    a = await bffProcess({ env: { ...env, SEED_DEMO_DATA: 'true' } });
    b = await bffProcess({ env });
    await a.start();
    await b.start();
    onA = a.client();
    const login = await onA.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    assert.equal(login.status, 200);
    onB = sameBrowser(onA, b.url);
  });

  after(async () => {
    await Promise.all([a?.kill(), b?.kill()]);
    await smtp?.close();
    await db?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** A new customer whose invoice email is `address` (so the inbox tells its mail apart) and a draft to it. */
  async function draftTo(address: string): Promise<{ id: string; version: number }> {
    const customer = await onA.call('createCustomer', { body: { ...swedishCompany, email: address } });
    assert.equal(customer.status, 201, JSON.stringify(customer.body));
    const draft = await onB.call('createInvoice', { body: { recipientId: customer.body.id, rows: [row] } });
    assert.equal(draft.status, 201, JSON.stringify(draft.body));
    return draft.body;
  }

  async function invoiceState(id: string) {
    const { rows } = await db.sql(
      `select i.state, i.number, i.version,
              (select count(*)::int from invoice_event e where e.invoice_id = i.id and e.event = 'send') as sends,
              (select count(*)::int from invoice_event e where e.invoice_id = i.id and e.event = 'credit') as credits,
              (select count(*)::int from outgoing_document d where d.invoice_id = i.id and d.kind = 'credit_note') as credit_notes
         from invoice i where i.id = $1`,
      [id],
    );
    return rows[0] as {
      state: string;
      number: string | null;
      version: number;
      sends: number;
      credits: number;
      credit_notes: number;
    };
  }

  test('a session and its CSRF token from one process work on the other', async () => {
    assert.equal((await onB.call('getSession')).body.user.email, 'demo@example.com');
    assert.equal((await onB.call('updateProfile', { body: { lastName: 'Frilansare' } })).status, 200);
  });

  test('saving one invoice from the same version through both at once: exactly one save wins', async () => {
    const invoice = await draftTo(`update-race-${Date.now()}@volvo.se`);
    const saves = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? onA : onB).call('updateInvoice', {
          params: { invoiceId: invoice.id },
          body: { version: invoice.version, reference: `Save ${i}` },
        }),
      ),
    );
    const statuses = saves.map((s) => s.status).sort();
    assert.deepEqual(statuses, [200, ...Array(11).fill(409)], JSON.stringify(saves.map((s) => s.body.code)));
    for (const lost of saves.filter((s) => s.status === 409)) assert.equal(lost.body.code, 'version_conflict');
    const after = await invoiceState(invoice.id);
    assert.equal(after.version, invoice.version + 1);
    const winner = saves.find((s) => s.status === 200)!;
    assert.equal(
      (await onA.call('getInvoice', { params: { invoiceId: invoice.id } })).body.reference,
      winner.body.reference,
    );
  });

  test("customers created through both at once: every one counted once in the owner's total", async () => {
    const before = (await onA.call('listCustomers')).body.page.total as number;
    const created = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        (i % 2 ? onA : onB).call('createCustomer', { body: { ...swedishCompany, name: `Samtidig ${i} AB` } }),
      ),
    );
    assert.ok(created.every((c) => c.status === 201));
    assert.equal((await onB.call('listCustomers')).body.page.total, before + 16);
    const { rows } = await db.sql(`select
        (select coalesce(sum(live), 0)::int from customer_owner_count) as counted,
        (select count(*)::int from customer where deleted_at is null) as actual`);
    assert.equal(rows[0].counted, rows[0].actual);
  });

  test('sending one invoice through both at once: one number, one send, one email', async () => {
    const address = `send-race-${Date.now()}@volvo.se`;
    const invoice = await draftTo(address);
    const sends = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? onA : onB).call('sendInvoice', { params: { invoiceId: invoice.id } }),
      ),
    );
    assert.ok(
      sends.some((s) => s.status === 200),
      JSON.stringify(sends.map((s) => s.status)),
    );
    for (const refused of sends.filter((s) => s.status !== 200)) assert.equal(refused.status, 409);
    await until('the invoice to be sent', async () => (await invoiceState(invoice.id)).state === 'sent');
    // A while longer: a second delivery by the other process's worker would show up now.
    await new Promise((r) => setTimeout(r, 1500));
    const after = await invoiceState(invoice.id);
    assert.equal(after.sends, 1);
    assert.equal(new Set(sends.filter((s) => s.status === 200).map((s) => s.body.number)).size, 1);
    assert.equal(smtp.to(address).length, 1);
  });

  test('crediting one invoice through both at once: one credit invoice, one email', async () => {
    const address = `credit-race-${Date.now()}@volvo.se`;
    const invoice = await draftTo(address);
    assert.equal((await onA.call('sendInvoice', { params: { invoiceId: invoice.id } })).status, 200);
    await until('the invoice to be sent', async () => (await invoiceState(invoice.id)).state === 'sent');
    const credits = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? onA : onB).call('creditInvoice', { params: { invoiceId: invoice.id }, body: { reason: `try ${i}` } }),
      ),
    );
    assert.ok(
      credits.some((c) => c.status === 200),
      JSON.stringify(credits.map((c) => c.status)),
    );
    for (const refused of credits.filter((c) => c.status !== 200)) assert.equal(refused.status, 409);
    await until('the credit note to go out', async () => smtp.to(address).length === 2);
    await new Promise((r) => setTimeout(r, 1500));
    const after = await invoiceState(invoice.id);
    assert.equal(after.state, 'credited');
    assert.equal(after.credits, 1);
    assert.equal(after.credit_notes, 1);
    assert.equal(smtp.to(address).length, 2, 'the invoice and one credit invoice');
  });

  test('SIGKILL of the process delivering an invoice while the other runs: the other delivers it once', async () => {
    const address = `kill-delivering-${Date.now()}@volvo.se`;
    const invoice = await draftTo(address);
    // Only A runs while the mail server holds A's message; B comes up meanwhile and sees A's lease.
    await b.stop();
    let holding: (() => void) | undefined;
    const held = new Promise<void>((resolve) => (holding = resolve));
    let release: (() => void) | undefined;
    smtp.beforeAccept = async (to) => {
      if (!to.includes(address) || !holding) return;
      holding();
      holding = undefined;
      await new Promise<void>((resolve) => (release = resolve));
      // Its client was killed meanwhile: a real server does not deliver what it never confirmed.
      throw new Error('connection lost');
    };
    assert.equal((await onA.call('sendInvoice', { params: { invoiceId: invoice.id } })).status, 200);
    await held;
    await b.start();
    await a.kill();
    release!();
    smtp.beforeAccept = undefined;
    await until('B to deliver it once the lease lapsed', async () => (await invoiceState(invoice.id)).state === 'sent');
    await a.start(); // A's own start-up sweep finds it delivered
    await new Promise((r) => setTimeout(r, 4000));
    const after = await invoiceState(invoice.id);
    assert.equal(after.sends, 1);
    assert.equal(smtp.to(address).length, 1);
  });

  test('SIGKILL of the process right after it answered a send, and its restart: sent once', async () => {
    const address = `kill-after-answer-${Date.now()}@volvo.se`;
    const invoice = await draftTo(address);
    const number = (await onB.call('sendInvoice', { params: { invoiceId: invoice.id } })).body.number;
    await b.kill();
    await b.start();
    await until('the invoice to be sent', async () => (await invoiceState(invoice.id)).state === 'sent');
    await new Promise((r) => setTimeout(r, 4000));
    const after = await invoiceState(invoice.id);
    assert.equal(Number(after.number), number, 'the number given before the kill stands');
    assert.equal(after.sends, 1);
    assert.equal(smtp.to(address).length, 1);
  });
});
