// The in-process job queue (pg-boss on the same PostgreSQL): email delivery and other retried work.
import { PgBoss, fromKysely } from 'pg-boss';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { SqlTransaction } from '../db/sql.ts';

export interface QueueDefinition<T extends object> {
  name: string;
  retryLimit: number;
  retryDelaySeconds: number;
  /** A cron expression (UTC): pg-boss also queues the job on this schedule, once across all instances. */
  schedule?: string;
  /** Jobs of this queue this process runs at once (default 1). */
  concurrency?: number;
  handle: (data: T) => Promise<void>;
}

export interface Jobs {
  /** Registers a queue and its worker; call before `start`. */
  define<T extends object>(queue: QueueDefinition<T>): void;
  send<T extends object>(
    name: string,
    data: T,
    options?: {
      singletonKey?: string;
      startAfterSeconds?: number;
      /** Queue the job inside this EntityManager's transaction: it exists only if the transaction commits. */
      em?: EntityManager;
      /** Queue the job inside this plain-SQL transaction (platform/db/transaction.ts), likewise. */
      tx?: SqlTransaction;
    },
  ): Promise<string | null>;
  /** Wakes this process's workers of `name` now instead of at their next poll (after a commit that queued work). */
  wake(name: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** How many jobs wait in each defined queue (the metrics' queue depths). */
  depths(): Promise<QueueDepth[]>;
  /** Calls `listener` with the queue's name each time one of its jobs fails (the metrics' failure counter). */
  onFailure(listener: (queue: string) => void): void;
}

export interface QueueDepth {
  name: string;
  /** Runnable now. */
  ready: number;
  /** Waiting for their time: retries after a failure, jobs queued for later. */
  deferred: number;
  active: number;
}

export interface JobsOptions {
  /**
   * Whether this instance queues the cron-scheduled jobs (default true). The BFF's in-process test apps turn it off: a
   * sweep that fires on the wall clock's five minutes in the middle of a test queued a delivery for two minutes later,
   * which the test then waited for. Their tests call the scheduled steps themselves; the servers the tests start as
   * processes (and the browser tests' server) keep their schedules.
   */
  schedules?: boolean;
  /**
   * Whether this process works the queues (default true). JOB_WORKERS=false: it answers requests and queues jobs, and
   * another process of the same deployment (on the same database, with workers) works them, so the background work
   * (documents rendered and delivered, reminders, payouts) takes no core from the requests (README, Several processes).
   */
  workers?: boolean;
}

/**
 * How often each queue's worker looks for jobs nobody woke it for: retries whose delay has passed, jobs queued for
 * later or by another process, the cron schedules' jobs. Work this process queues wakes its workers at once (`send`,
 * `wake`), so the interval is not what a person waits for. pg-boss's default; it was 0.5 s, which with a dozen queues
 * was 24 queries a second on an idle server: 6 % of a core here, 2.5 % at 2 s (decision 0048).
 */
const POLLING_INTERVAL_SECONDS = 2;

export function createJobs(connectionString: string, log: Logger, options: JobsOptions = {}): Jobs {
  const schedules = options.schedules ?? true;
  const working = options.workers ?? true;
  const boss = new PgBoss({ connectionString, schema: 'pgboss', max: 4, schedule: schedules });
  const queues: QueueDefinition<object>[] = [];
  const workers = new Map<string, string[]>();
  const failureListeners: ((queue: string) => void)[] = [];
  let started = false;
  let stopped = false;
  const wakeWorkers = (name: string) => {
    if (stopped) return;
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };
  // pg-boss's pool lets go of its connections after stop() returns; when PostgreSQL then shuts down
  // they report "terminating connection", which is the shutdown itself, not a fault.
  boss.on('error', (error) =>
    stopped
      ? log.debug({ err: error }, 'job queue connection closed at shutdown')
      : log.error({ err: error }, 'job queue error'),
  );
  return {
    define(queue) {
      if (started) throw new Error('Define queues before starting the job queue');
      queues.push(queue as QueueDefinition<object>);
    },
    async send(name, data, options = {}) {
      const inTransaction = (options.em?.isInTransaction() ?? false) || Boolean(options.tx);
      const id = await boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
        ...(options.em?.isInTransaction() ? { db: transactionDb(options.em) } : {}),
        ...(options.tx
          ? { db: { executeSql: (text: string, values?: unknown[]) => options.tx!.query(text, values) } }
          : {}),
      });
      // Run now rather than at the workers' next poll (up to POLLING_INTERVAL_SECONDS later: a confirmation email the
      // person waits for). A job queued in a transaction exists once it commits: the wake comes a moment later, and if
      // the transaction is still open then, the next poll finds the job as before.
      if (id && started && !options.startAfterSeconds) {
        if (inTransaction) setTimeout(() => wakeWorkers(name), 50).unref();
        else wakeWorkers(name);
      }
      return id;
    },
    async start() {
      await boss.start();
      started = true;
      for (const queue of queues) {
        await boss.createQueue(queue.name, {
          retryLimit: queue.retryLimit,
          retryDelay: queue.retryDelaySeconds,
          retryBackoff: true,
        });
        if (queue.schedule && schedules) await boss.schedule(queue.name, queue.schedule, {});
        if (!working) continue;
        const workerId = await boss.work<object>(
          queue.name,
          {
            pollingIntervalSeconds: POLLING_INTERVAL_SECONDS,
            ...(queue.concurrency ? { localConcurrency: queue.concurrency } : {}),
          },
          async (jobs) => {
            for (const job of jobs) {
              try {
                await queue.handle(job.data);
              } catch (error) {
                log.warn({ err: error, queue: queue.name, jobId: job.id }, 'job failed; it will be retried');
                for (const listener of failureListeners) listener(queue.name);
                throw error;
              }
            }
          },
        );
        workers.set(queue.name, [...(workers.get(queue.name) ?? []), workerId]);
      }
    },
    wake: wakeWorkers,
    async depths() {
      if (!started || queues.length === 0) return [];
      // Counted now from the job table (pg-boss's own queue counts are refreshed by its monitor, up to a minute late).
      const { rows } = await boss.getDb().executeSql(
        `select q.name,
           count(j.id) filter (where j.state in ('created', 'retry') and j.start_after <= now())::int as ready,
           count(j.id) filter (where j.state in ('created', 'retry') and j.start_after > now())::int as deferred,
           count(j.id) filter (where j.state = 'active')::int as active
         from unnest($1::text[]) as q(name)
         left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry', 'active')
         group by q.name order by q.name`,
        [queues.map((queue) => queue.name)],
      );
      return rows as QueueDepth[];
    },
    onFailure(listener) {
      failureListeners.push(listener);
    },
    async stop() {
      stopped = true;
      if (started) {
        // The workers first, each queue's waiting for the jobs it holds (up to the same 5 s): pg-boss's stop then finds
        // none left. Left to stop them itself, it looks every 500 ms whether they have, so every stop (each test app's,
        // each SIGTERM) took at least half a second even with nothing running.
        const timeout = 5000;
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([
          Promise.allSettled(queues.map((queue) => boss.offWork(queue.name, { wait: true }))),
          new Promise((resolve) => (timer = setTimeout(resolve, timeout))),
        ]);
        clearTimeout(timer);
        await boss.stop({ graceful: true, timeout });
      }
      started = false;
    },
  };
}

/** pg-boss's statements through the transaction MikroORM holds open for `em` (a Kysely transaction underneath). */
function transactionDb(em: EntityManager): ReturnType<typeof fromKysely> {
  const transaction = em.getTransactionContext();
  if (!transaction) throw new Error('No transaction to queue the job in');
  return fromKysely(transaction as Parameters<typeof fromKysely>[0]);
}
