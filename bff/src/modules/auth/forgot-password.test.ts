// Forgotten password (issue 8): the answer must not tell who has an account, in its content or its timing. The
// request only validates, counts and queues a job, the same for every address; the job does the rest.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { confirmedUser, linkIn, mailbox, uniqueEmail } from './test-helpers.ts';

describe('forgotten password answers alike for known and unknown addresses', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: true });
  });
  after(() => t.close());

  /** The SQL the ORM runs while `run` is awaited (statements with placeholders, not values). */
  async function statementsOf(run: () => Promise<unknown>): Promise<string[]> {
    const connection = t.services.orm.em.getConnection() as unknown as {
      logQuery: (query: string, context?: unknown) => void;
    };
    const original = connection.logQuery;
    const seen: string[] = [];
    connection.logQuery = function (this: unknown, query: string, context?: unknown) {
      const sql = query.replace(/\s+/g, ' ').trim();
      // The rate limiter's sweep of old windows runs on 1 % of requests, whoever asks: not part of the answer's path.
      if (!sql.startsWith('delete from rate_limit where window_started_at <')) seen.push(sql);
      return original.call(this, query, context);
    };
    try {
      await run();
    } finally {
      connection.logQuery = original;
    }
    return seen;
  }

  const queued = async (email: string) =>
    (await t.sql(`select name, data from pgboss.job where name = 'forgot-password' and data->>'email' = $1`, [email]))
      .rows;

  test('a known and an unknown address run the same statements and queue the same job before the answer', async () => {
    // The queued job runs in a worker beside the request and, on a loaded machine, can run (looking the account up)
    // before the answer is back: its statements then land in the window. A pair is measured again when that happened;
    // a lookup in the request's own path shows in every attempt, so it still fails.
    const jobRan = (statements: string[]) => statements.some((sql) => /app_user|auth_token/.test(sql));
    let known = '';
    let answers: Record<string, { status: number; body: unknown; statements: string[] }> = {};
    for (let attempt = 1; attempt <= 3; attempt++) {
      ({ email: known } = await confirmedUser(t));
      const unknown = uniqueEmail('nobody');
      await t.drainJobs();
      answers = {};
      for (const email of [known, unknown]) {
        const api = t.client();
        await api.request('GET', '/api/health');
        let res: { status: number; body: unknown } = { status: 0, body: null };
        const statements = await statementsOf(async () => {
          res = await api.call('forgotPassword', { body: { email } });
        });
        answers[email] = { status: res.status, body: res.body, statements };
        // Its job runs now, not in the next address's window.
        await t.drainJobs();
      }
      if (!Object.values(answers).some((answer) => jobRan(answer.statements))) break;
    }
    const unknown = Object.keys(answers).find((email) => email !== known)!;
    assert.equal(answers[known]!.status, 202);
    assert.deepEqual(
      { status: answers[unknown]!.status, body: answers[unknown]!.body },
      { status: answers[known]!.status, body: answers[known]!.body },
    );
    assert.ok(answers[known]!.statements.length > 0, 'the statements were seen');
    assert.deepEqual(answers[unknown]!.statements, answers[known]!.statements);
    assert.ok(
      answers[known]!.statements.every((sql) => !/app_user|auth_token/.test(sql)),
      'no account is looked up before the answer',
    );
    for (const email of [known, unknown]) {
      const jobs = await queued(email);
      assert.equal(jobs.length, 1, `one job for ${email}`);
      assert.deepEqual(Object.keys(jobs[0].data).sort(), ['email']);
    }
  });

  test('the job sends the reset link to a known address and nothing to an unknown one', async () => {
    const { email: known } = await confirmedUser(t);
    const unknown = uniqueEmail('ghost');
    for (const email of [known, unknown]) {
      assert.equal((await t.client().call('forgotPassword', { body: { email } })).status, 202);
    }
    const [mail] = await mailbox(t, known);
    assert.match(linkIn(mail, /\/reset-password\//), /\/reset-password\/[\w-]{43}$/);
    assert.equal((await mailbox(t, unknown)).length, 0);
  });
});
