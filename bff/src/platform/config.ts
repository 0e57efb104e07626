// Reads the BFF's configuration from the environment once, with the embedded defaults.
import { resolve } from 'node:path';

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  brandName: string;
  logLevel: string;
  staticRoot: string;
  seedDemoData: boolean;
  /** Validate every response against the contract (on in tests and development). */
  validateResponses: boolean;
  /** Rate limits can be relaxed for load tests; never in production. */
  rateLimits: boolean;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const host = env.HOST ?? '127.0.0.1';
  return {
    env: mode,
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: resolve(env.DATA_DIR ?? resolve(repoRoot, '.data')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Frilo <no-reply@frilo.se>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    brandName: env.BRAND_NAME ?? 'Frilo',
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    staticRoot: resolve(env.STATIC_ROOT ?? repoRoot),
    seedDemoData: mode !== 'production' && env.SEED_DEMO_DATA !== 'false',
    validateResponses: mode !== 'production' && env.VALIDATE_RESPONSES !== 'false',
    rateLimits: mode === 'production' || env.RATE_LIMITS !== 'false',
  };
}
