// The Prometheus endpoint: request counts and latencies per contract operation, queue depths and job failures, served
// on a port of its own (never the public one), on real PostgreSQL and a real pg-boss.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Server } from 'node:http';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createJobs, type Jobs } from './jobs/jobs.ts';
import { createLogger } from './logger.ts';
import { createMetrics, startMetricsServer } from './metrics.ts';

async function scrape(server: Server): Promise<{ status: number; type: string; text: string }> {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
}

/** The value of one series (`name{labels}`), or undefined when the scrape lacks it. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('metrics', () => {
  let t: TestApp;
  let server: Server;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
    server = await startMetricsServer(t.metrics, 0, '127.0.0.1');
  });
  after(async () => {
    server.close();
    await t.close();
  });

  test('counts and times API requests per operationId and status', async () => {
    for (let i = 0; i < 3; i++) assert.equal((await t.client().call('getHealth')).status, 200);
    const refused = await t.client().call('getProfile');
    assert.equal(refused.status, 401);
    const scraped = await scrape(server);
    assert.equal(scraped.status, 200);
    assert.match(scraped.type, /^text\/plain; version=0\.0\.4/);
    const { text } = scraped;
    assert.equal(value(text, 'frilo_http_requests_total{operation="getHealth",method="GET",status="200"}'), 3);
    assert.equal(value(text, 'frilo_http_requests_total{operation="getProfile",method="GET",status="401"}'), 1);
    assert.equal(value(text, 'frilo_http_request_duration_seconds_count{operation="getHealth"}'), 3);
    assert.ok(value(text, 'frilo_http_request_duration_seconds_sum{operation="getHealth"}')! > 0);
    // Every job queue of the modules has its depth, even when empty.
    assert.match(text, /frilo_job_queue_depth\{queue="[^"]+",state="ready"\} \d+/);
    // The process's own figures come along.
    assert.ok(value(text, 'frilo_process_resident_memory_bytes')! > 0);
  });

  test('a path no operation has counts under one label, so scanning cannot grow the series', async () => {
    for (const path of ['/api/nothing-here', '/api/x1', '/api/x2', '/api/x3?q=1']) await fetch(`${t.url}${path}`);
    const { text } = await scrape(server);
    assert.equal(value(text, 'frilo_http_requests_total{operation="unmatched",method="GET",status="404"}'), 4);
    assert.doesNotMatch(text, /nothing-here|x1/);
  });

  test('is not on the public port', async () => {
    const res = await fetch(`${t.url}/metrics`);
    assert.doesNotMatch(await res.text(), /frilo_http_requests_total/);
    const api = await fetch(`${t.url}/api/metrics`);
    assert.equal(api.status, 404);
  });

  test('the scrape server answers only GET /metrics', async () => {
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 404);
    assert.equal((await fetch(`http://127.0.0.1:${port}/metrics`, { method: 'POST' })).status, 404);
  });

  describe('job queues', () => {
    let jobs: Jobs;
    let attempts = 0;
    before(async () => {
      jobs = createJobs(t.config.databaseUrl!, createLogger('silent'));
      jobs.define({
        name: 'metrics-test-failing',
        retryLimit: 0,
        retryDelaySeconds: 1,
        handle: async () => {
          attempts += 1;
          throw new Error('this job always fails');
        },
      });
      jobs.define({ name: 'metrics-test-later', retryLimit: 0, retryDelaySeconds: 1, handle: async () => {} });
      await jobs.start();
    });
    after(() => jobs.stop());

    test('queue depths count the jobs waiting, and failed runs are counted per queue', async () => {
      const metrics = createMetrics(jobs);
      await jobs.send('metrics-test-later', {}, { startAfterSeconds: 3600 });
      await jobs.send('metrics-test-later', {}, { startAfterSeconds: 3600 });
      await jobs.send('metrics-test-failing', {});
      jobs.wake('metrics-test-failing');
      for (let i = 0; i < 100 && attempts === 0; i++) await new Promise((r) => setTimeout(r, 50));
      assert.equal(attempts, 1);
      const text = await metrics.registry.metrics();
      assert.equal(value(text, 'frilo_job_queue_depth{queue="metrics-test-later",state="deferred"}'), 2);
      assert.equal(value(text, 'frilo_job_queue_depth{queue="metrics-test-later",state="ready"}'), 0);
      assert.equal(value(text, 'frilo_job_failures_total{queue="metrics-test-failing"}'), 1);
    });
  });
});
