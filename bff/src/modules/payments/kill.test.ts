// A hard kill (SIGKILL) of the real server in the middle of a payout batch pays nobody twice and loses nobody: the
// server runs as a child process on its own database with 1 500 freelancers waiting for their salary, 300 of whom also
// saved vacation pay before the last yearly payout day (still owed: due in this batch); it is killed while the batch's
// transaction is open (held at its last statement by a lock this test takes), then again while the batch's emails are
// being queued; after each restart every payout exists exactly once, in one valid file, every saved vacation pay in
// one payout, and every freelancer is told exactly once.
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
import { addSalaryItems, seedPayableFreelancers, type PayableFreelancers } from '../../../test/payout-fixtures.ts';
import { pain001XsdSkip, validatePain001 } from '../../../test/fixtures/edocs/xsd.ts';
import { nextBankDay } from '../../domain/bank-days.ts';
import { computeSalary } from '../../domain/salary.ts';
import { vacationPayDueBefore, vacationPayPayout } from '../../domain/vacation-pay.ts';
import { DataCipher } from '../../platform/crypto/data-encryption.ts';

const BFF = resolve(import.meta.dirname, '../../..');
const FREELANCERS = 1500;
/** Of them, those with vacation pay saved before the last yearly payout day: one more payout each. */
const SAVERS = 300;
const SAVED_INVOICE = 1_000_000;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  return typeof address === 'object' && address ? address.port : 0;
}

describe('a hard kill during a payout batch', () => {
  const name = `frilo_payout_kill_${randomBytes(5).toString('hex')}`;
  const key = randomBytes(32);
  let dataDir: string;
  let databaseUrl: string;
  let port: number;
  let child: ChildProcess | undefined;
  let db: pg.Client;
  let fixtures: PayableFreelancers;
  const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Stockholm' });
  /** The batch day: the next bank day (its file is made the evening before in this test, as an admin may). */
  const day = nextBankDay(today);
  /** A day before the last yearly payout day on or before the batch day: what was saved then is due. */
  const savedOn = (() => {
    const due = new Date(`${vacationPayDueBefore(day)}T12:00:00Z`);
    due.setUTCDate(due.getUTCDate() - 20);
    return due.toISOString().slice(0, 10);
  })();
  /** What each saver's vacation pay payout pays (tax 30 %), and their extra salary. */
  const savedSalary = () =>
    computeSalary({
      invoiceAmount: SAVED_INVOICE,
      birthDate: '1981-12-18',
      paymentDate: savedOn,
      saveVacationPay: true,
    });
  let vacationTotal = 0;
  let savedSalaryTotal = 0;

  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'frilo-payout-kill-'));
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
    // Registered today by freelancers paid the next bank day (payout_immediate): all due in that day's batch.
    fixtures = await seedPayableFreelancers(db, new DataCipher(key), {
      count: FREELANCERS,
      registeredOn: today,
      tag: 'kill',
    });
    const payoutOfSaved = await addSalaryItems(db, {
      ownerIds: fixtures.userIds.slice(0, SAVERS),
      invoiceId: fixtures.invoiceId,
      registeredOn: savedOn,
      invoiceAmount: SAVED_INVOICE,
      saveVacationPay: true,
    });
    savedSalaryTotal = payoutOfSaved * SAVERS;
    vacationTotal = vacationPayPayout(savedSalary().savedVacationPayAmount, '30').netAmount * SAVERS;
    port = await freePort();
  });

  after(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    await db.end();
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
        DATA_ENCRYPTION_KEY: key.toString('base64'),
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'warn',
        RATE_LIMITS: 'false',
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

  async function until(what: string, check: () => Promise<boolean>, tries = 600): Promise<void> {
    for (let i = 0; i < tries; i++) {
      if (await check()) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`Timed out waiting for ${what}`);
  }

  async function adminApi(): Promise<ApiClient> {
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    const login = await api.call('login', { body: fixtures.admin });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    return api;
  }

  const one = async (sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows[0];

  test('killed inside the batch transaction: nothing of it remains, and the restarted batch pays each once', async () => {
    await startServer();
    const admin = await adminApi();
    // Hold the batch at its last statements: with this lock held, its insert of the batch row waits.
    const blocker = new pg.Client({ connectionString: databaseUrl });
    await blocker.connect();
    await blocker.query('begin');
    await blocker.query('lock table payout_batch in share mode');
    const request = admin.call('createPayoutBatch', { body: { executionDate: day } }).catch(() => undefined);
    await until('the batch to wait on its last insert', async () =>
      Boolean(
        await one(
          `select 1 from pg_stat_activity where datname = $1 and wait_event_type = 'Lock' and query like 'insert into "payout_batch"%'`,
          [name],
        ),
      ),
    );
    // Its payouts exist inside the open transaction only.
    await killServer();
    await request;
    await blocker.query('commit');
    await blocker.end();
    await until(
      'the killed server’s transaction to end',
      async () =>
        !(await one(`select 1 from pg_stat_activity where datname = $1 and query like 'insert into "payout_batch"%'`, [
          name,
        ])),
    );
    assert.deepEqual(
      await one(
        `select (select count(*)::int from payout_batch) as batches, (select count(*)::int from payout) as payouts,
           (select count(*)::int from salary_item where payout_id is not null) as taken,
           (select count(*)::int from salary_item where vacation_pay_payout_id is not null) as vacation,
           (select count(*)::int from payout_event) as events`,
      ),
      { batches: 0, payouts: 0, taken: 0, vacation: 0, events: 0 },
    );

    await startServer();
    const again = await (await adminApi()).call('createPayoutBatch', { body: { executionDate: day } });
    assert.equal(again.status, 201, JSON.stringify(again.body));
    assert.equal(again.body.batch.numberOfTransactions, FREELANCERS + SAVERS);
    assert.equal(again.body.batch.controlSum, fixtures.total + savedSalaryTotal + vacationTotal);
  });

  test('killed while the batch’s emails are queued: after a restart each freelancer is told exactly once', async () => {
    // The emails of the batch just made are being queued in chunks now; stop the server in the middle.
    await until(
      'some emails to be queued',
      async () => (await one(`select count(*)::int as n from payout where notified_at is not null`)).n > 0,
      1200,
    );
    await killServer();
    const told = (await one(`select count(*)::int as n from payout where notified_at is not null`)).n;
    const payouts = FREELANCERS + SAVERS;
    assert.ok(told > 0 && told < payouts, `killed after ${told} of ${payouts} were told: not in the middle`);

    await startServer();
    await until(
      'every freelancer to be told',
      async () => (await one(`select count(*)::int as n from payout where notified_at is null`)).n === 0,
      2400,
    );
    const emails = await one(
      `select count(*)::int as n, count(distinct data->>'to')::int as people from pgboss.job
       where name = 'send-email' and data->>'subject' like 'Din lön på%'`,
    );
    assert.deepEqual(emails, { n: FREELANCERS, people: FREELANCERS });
    const vacationEmails = await one(
      `select count(*)::int as n, count(distinct data->>'to')::int as people from pgboss.job
       where name = 'send-email' and data->>'subject' like 'Din sparade semesterersättning%'`,
    );
    assert.deepEqual(vacationEmails, { n: SAVERS, people: SAVERS });
  });

  test('after it all: one file for the day, each freelancer paid once, every salary item in one payout', async (context) => {
    if (pain001XsdSkip) return context.skip(pain001XsdSkip);
    const admin = await adminApi();
    const repeat = await admin.call('createPayoutBatch', { body: { executionDate: day } });
    assert.equal(repeat.status, 200);
    assert.equal(repeat.body.created, false);
    assert.deepEqual(
      await one(
        `select (select count(*)::int from payout_batch) as batches, (select count(*)::int from payout) as payouts,
           (select count(distinct owner_id)::int from payout) as people,
           (select count(*)::int from salary_item where payout_id is null) as waiting,
           (select count(*)::int from salary_item where saved_vacation_pay_amount > 0 and vacation_pay_payout_id is null) as saved,
           (select count(*)::int from payout_line) as lines,
           (select count(*)::int from payout_event where event = 'create') as created,
           (select count(*)::int from payout where kind = 'vacation_pay') as vacation`,
      ),
      {
        batches: 1,
        payouts: FREELANCERS + SAVERS,
        people: FREELANCERS,
        waiting: 0,
        saved: 0,
        // A salary line per item (a saver has two), and a vacation pay line per saved item.
        lines: FREELANCERS + 2 * SAVERS,
        created: FREELANCERS + SAVERS,
        vacation: SAVERS,
      },
    );
    const file = await admin.call('getPayoutBatchFile', { params: { batchId: repeat.body.batch.id } });
    const ids = [...String(file.body).matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)].map((m) => m[1]);
    assert.equal(ids.length, FREELANCERS + SAVERS);
    assert.equal(new Set(ids).size, FREELANCERS + SAVERS);
    const xsd = await validatePain001(String(file.body));
    assert.deepEqual(xsd.errors, []);
    await killServer();
  });
});
