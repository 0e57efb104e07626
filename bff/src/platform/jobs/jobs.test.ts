// A process started with JOB_WORKERS=false queues jobs and works none of them; a process of the same deployment with
// workers (the same database) works what the other queued, exactly once. Real PostgreSQL, real pg-boss.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { createLogger } from '../logger.ts';
import { createJobs, type Jobs } from './jobs.ts';

const QUEUE = 'jobs-test-split';

describe('a process without job workers', () => {
  let t: TestApp;
  const started: Jobs[] = [];
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(async () => {
    for (const jobs of started) await jobs.stop();
    await t.close();
  });

  /** A Jobs of its own on the test database with QUEUE defined; each handled job's `n` goes into `handled`. */
  async function startJobs(workers: boolean, handled: number[]): Promise<Jobs> {
    const jobs = createJobs(t.config.databaseUrl!, createLogger('silent'), { schedules: false, workers });
    jobs.define({
      name: QUEUE,
      retryLimit: 0,
      retryDelaySeconds: 1,
      handle: async ({ n }: { n: number }) => {
        handled.push(n);
      },
    } as Parameters<Jobs['define']>[0]);
    await jobs.start();
    started.push(jobs);
    return jobs;
  }

  test('queues its jobs, works none, and a process with workers works each once', async () => {
    const byWeb: number[] = [];
    const web = await startJobs(false, byWeb);
    for (let n = 0; n < 5; n++) assert.ok(await web.send(QUEUE, { n }));
    web.wake(QUEUE);
    // Its workers' polling interval is 2 s: three seconds without a worker must leave all five waiting.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    assert.deepEqual(byWeb, []);
    const [waiting] = (await web.depths()).filter((depth) => depth.name === QUEUE);
    assert.equal(waiting?.ready, 5);

    const byWorker: number[] = [];
    await startJobs(true, byWorker);
    for (let i = 0; i < 100 && byWorker.length < 5; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(
      byWorker.toSorted((a, b) => a - b),
      [0, 1, 2, 3, 4],
    );
    assert.deepEqual(byWeb, []);
  });
});
