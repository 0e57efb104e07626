// A hard kill (SIGKILL) of the real server in the middle of sending loses nothing and sends nothing twice: the server
// runs as a child process on its own database, the mail goes to a real SMTP server on loopback, and after a restart
// the invoice is sent once, with one number and one email.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { inheritedEnvironment } from '../../../test/bff-process.ts';
import { ApiClient } from '../../../test/test-app.ts';
import { startSmtpInbox, type SmtpInbox } from '../../../test/smtp-inbox.ts';
import { swedishCompany } from '../customers/test-data.ts';

const BFF = resolve(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('a hard kill while sending', () => {
  let smtp: SmtpInbox;
  let dataDir: string;
  let databaseUrl: string;
  let port: number;
  let child: ChildProcess | undefined;
  let db: pg.Client;
  const name = `frilo_kill_${randomBytes(5).toString('hex')}`;

  before(async () => {
    smtp = await startSmtpInbox();
    dataDir = await mkdtemp(join(tmpdir(), 'frilo-kill-'));
    const adminUrl = process.env.FRILO_TEST_ADMIN_URL!;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name} template ${process.env.FRILO_TEST_TEMPLATE}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    port = await freePort();
  });

  after(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await db.end();
    await smtp.close();
    const admin = new pg.Client({ connectionString: process.env.FRILO_TEST_ADMIN_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function startServer(): Promise<void> {
    child = spawn(process.execPath, ['src/server.ts'], {
      cwd: BFF,
      env: {
        ...inheritedEnvironment(),
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        SMTP_URL: smtp.url,
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'false',
        SENDING_LEASE_SECONDS: '3',
        SENDING_RETRY_DELAY_SECONDS: '1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    // Up to 90 s: a start on a loaded machine (CI, other suites beside it) is far slower than on a quiet one.
    for (let i = 0; i < 900; i++) {
      if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('The server did not start');
  }

  function killServer(): Promise<void> {
    const running = child!;
    if (running.exitCode !== null) return Promise.resolve();
    return new Promise((done) => {
      running.once('exit', () => done());
      running.kill('SIGKILL');
    });
  }

  async function until(what: string, check: () => Promise<boolean>): Promise<void> {
    for (let i = 0; i < 300; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`Timed out waiting for ${what}`);
  }

  async function demoInvoice(address: string): Promise<{ api: ApiClient; id: string }> {
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    const login = await api.call('login', { body: { email: 'demo@example.com', password: 'demo-password' } });
    assert.equal(login.status, 200);
    const customer = await api.call('createCustomer', { body: { ...swedishCompany, email: address } });
    const draft = await api.call('createInvoice', {
      body: {
        recipientId: customer.body.id,
        rows: [{ description: 'Konsulttjänst', unitPrice: 100_000, quantity: 8, unit: 'hour', vatPercentage: 25 }],
      },
    });
    return { api, id: draft.body.id as string };
  }

  async function counts(id: string) {
    const rows = await db.query(
      `select i.state, i.number,
              (select count(*)::int from invoice_event e where e.invoice_id = i.id and e.event = 'delivered') as delivered,
              (select count(*)::int from invoice_event e where e.invoice_id = i.id and e.event = 'send') as sends
         from invoice i where i.id = $1`,
      [id],
    );
    return rows.rows[0] as { state: string; number: string | null; delivered: number; sends: number };
  }

  test('killed while the mail server holds the message: after a restart exactly one email and one number', async () => {
    await startServer();
    const address = 'kill-in-smtp@volvo.se';
    const { api, id } = await demoInvoice(address);
    let killed: Promise<void> | undefined;
    smtp.beforeAccept = async (to) => {
      if (!to.includes(address) || killed) return;
      killed = killServer();
      await killed;
      // The client is gone: a real server would not deliver what it never confirmed.
      throw new Error('connection lost');
    };
    const sent = await api.call('sendInvoice', {
      params: { invoiceId: id },
      headers: { 'idempotency-key': 'kill-test-01' },
    });
    assert.equal(sent.status, 200);
    await until('the kill', async () => killed !== undefined);
    await killed;
    smtp.beforeAccept = undefined;
    assert.equal(smtp.to(address).length, 0, 'nothing was accepted before the kill');
    const before = await counts(id);
    assert.equal(before.state, 'sending');

    await startServer();
    await until('the invoice to be sent', async () => (await counts(id)).state === 'sent');
    const afterRestart = await counts(id);
    assert.equal(afterRestart.number, before.number, 'the number given before the kill stands');
    assert.equal(afterRestart.delivered, 1);
    assert.equal(afterRestart.sends, 1);
    assert.equal(smtp.to(address).length, 1);
    await killServer();
  });

  test('killed right after the send was answered: the queued delivery survives and goes out once', async () => {
    await startServer();
    const address = 'kill-after-send@volvo.se';
    const { api, id } = await demoInvoice(address);
    const sent = await api.call('sendInvoice', { params: { invoiceId: id } });
    assert.equal(sent.status, 200);
    await killServer();
    await startServer();
    await until('the invoice to be sent', async () => (await counts(id)).state === 'sent');
    // A while longer: a second delivery (the killed worker's job coming back) would show up now.
    await new Promise((r) => setTimeout(r, 4000));
    const result = await counts(id);
    assert.equal(result.delivered, 1);
    assert.equal(smtp.to(address).length, 1);
    await killServer();
  });
});
