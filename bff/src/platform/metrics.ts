// Prometheus metrics (prom-client): request rate and latency per contract operation, the job queues' depths and the
// jobs that failed. Served by a server of its own (METRICS_PORT, on METRICS_HOST: loopback unless told), never on the
// public port: what the product does and how busy it is is for the operators' scraper, not for the internet.
import { createServer, type Server } from 'node:http';
import type { Next } from 'koa';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppContext } from './http/context.ts';
import type { Jobs } from './jobs/jobs.ts';

export interface Metrics {
  readonly registry: Registry;
  /** Koa middleware: counts and times every API request by its operationId. */
  middleware(): (ctx: AppContext, next: Next) => Promise<void>;
}

/**
 * How long each send held the one invoice-number series (its row lock: from the statement that takes a number to the
 * end of the commit, on the database's clock), docs/decisions/0035-number-taken-last.md. One per process, shown in
 * every registry made in it (the tests make many apps in one process).
 */
const numberSeriesHold = new Histogram({
  name: 'frilo_invoice_number_series_hold_seconds',
  help: 'Time a send or credit held the invoice-number series (row lock taken to commit done).',
  buckets: [0.00025, 0.0005, 0.00075, 0.001, 0.0015, 0.002, 0.003, 0.005, 0.01, 0.02, 0.05, 0.1, 0.5, 1],
  registers: [],
});

export function observeNumberSeriesHold(seconds: number): void {
  if (Number.isFinite(seconds)) numberSeriesHold.observe(Math.max(0, seconds));
}

/** Latency buckets (seconds): the targets are tens of milliseconds, a slow PDF or login is around a second. */
const BUCKETS = [0.002, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2, 5, 10];

export function createMetrics(jobs: Jobs): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'frilo_' });
  registry.registerMetric(numberSeriesHold);
  const requests = new Counter({
    name: 'frilo_http_requests_total',
    help: 'API requests answered, by contract operation, method and status code.',
    labelNames: ['operation', 'method', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'frilo_http_request_duration_seconds',
    help: 'Time to answer an API request, by contract operation.',
    labelNames: ['operation'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'frilo_job_queue_depth',
    help: 'Jobs of each queue by state: ready to run now, deferred (retries, scheduled), running.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const queue of await jobs.depths()) {
        this.set({ queue: queue.name, state: 'ready' }, queue.ready);
        this.set({ queue: queue.name, state: 'deferred' }, queue.deferred);
        this.set({ queue: queue.name, state: 'active' }, queue.active);
      }
    },
  });
  const failures = new Counter({
    name: 'frilo_job_failures_total',
    help: 'Job runs that failed (each is retried until its queue gives up), by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
  });
  jobs.onFailure((queue) => failures.inc({ queue }));

  return {
    registry,
    middleware() {
      return async (ctx, next) => {
        if (!ctx.path.startsWith('/api/')) return next();
        const stop = duration.startTimer();
        try {
          await next();
        } finally {
          // Requests no operation matched (unknown paths) share one label, so a scan cannot grow the series.
          const operation = (ctx.state.operationId as string | undefined) ?? 'unmatched';
          stop({ operation });
          requests.inc({ operation, method: ctx.method, status: String(ctx.status) });
        }
      };
    },
  };
}

/** The scrape endpoint: GET /metrics, on a server of its own. */
export async function startMetricsServer(metrics: Metrics, port: number, host: string): Promise<Server> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      (error: unknown) => res.writeHead(500, { 'content-type': 'text/plain' }).end(`${(error as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  return server;
}
