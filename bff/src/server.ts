// Starts the BFF: database (embedded or DATABASE_URL), migrations, job queue, seed data, HTTP.
import { createServer, type Server } from 'node:http';
import { createApp } from './app.ts';
import { entities } from './entities.ts';
import { loadConfig, type Config } from './platform/config.ts';
import { openDatabase } from './platform/db/database.ts';
import { createOrm, migrate } from './platform/db/orm.ts';
import { createJobs } from './platform/jobs/jobs.ts';
import { createLogger } from './platform/logger.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { startMetricsServer } from './platform/metrics.ts';
import { createStorage } from './platform/storage/storage.ts';

export interface RunningServer {
  url: string;
  server: Server;
  stop: () => Promise<void>;
}

export async function startServer(config: Config = loadConfig()): Promise<RunningServer> {
  const log = createLogger(config.logLevel);
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log });
  const orm = await createOrm(database.url, entities, log, { poolMax: config.databasePoolSize });
  const applied = await migrate(orm);
  if (applied.length) log.info({ migrations: applied }, 'applied migrations');
  const jobs = createJobs(database.url, log, { workers: config.jobWorkers });
  const mailer = createMailer(config, orm, jobs, log);
  const files = createStorage(config.storage, log);
  const services = { config, orm, log, mailer, jobs, files };
  const { app, seed, startup, metrics } = createApp(services);
  await jobs.start();
  await startup();
  const seeded = config.seedDemoData ? await seed() : [];

  const server = createServer(app.callback());
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.port, config.host, resolve);
  });
  const metricsServer =
    config.metricsPort === undefined
      ? undefined
      : await startMetricsServer(metrics, config.metricsPort, config.metricsHost);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  log.info(
    { url, ms: Math.round(performance.now() - started), database: database.embedded ? 'embedded' : 'DATABASE_URL' },
    'ready',
  );

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      log.info('stopping');
      server.closeIdleConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      metricsServer?.close();
      await jobs.stop();
      mailer.close();
      await orm.close();
      await database.stop();
      log.info('stopped');
    })());
  return Object.assign({ url, server, stop }, { seeded });
}

/** Starts the BFF as a process: prints where to open it and how to log in, stops cleanly on SIGTERM/SIGINT. */
export async function main(): Promise<void> {
  const config = loadConfig();
  const running = await startServer(config).catch((error: unknown) => {
    console.error('The BFF could not start:', error);
    process.exit(1);
  });
  const seeded = (running as RunningServer & { seeded: string[] }).seeded;
  console.log(`\n  Frilo is running at ${config.publicUrl}  (listening on ${running.url})\n`);
  if (seeded.length) console.log(`  Demo logins:\n${seeded.map((line) => `    ${line}`).join('\n')}\n`);
  if (config.env !== 'production' && !config.smtpUrl) {
    console.log(`  Emails are caught by the development mailbox: ${config.publicUrl}/api/dev/mailbox\n`);
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      running.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
    });
  }
}

if (import.meta.main) await main();
