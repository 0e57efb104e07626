// Reads the BFF's configuration from the environment once, with the embedded defaults.
import { resolve } from 'node:path';

export interface S3StorageConfig {
  kind: 's3';
  bucket: string;
  region: string;
  /** For S3-compatible servers other than AWS (MinIO, R2…); AWS when unset. */
  endpoint: string | undefined;
  /** `bucket` in the path instead of the host name (most S3-compatible servers need it). */
  forcePathStyle: boolean;
  /** Keys inside the bucket start with this (one bucket shared by several environments). */
  prefix: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
}

export type StorageConfig = { kind: 'local'; directory: string } | S3StorageConfig;

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
  /** Where files (receipts) are kept: `$DATA_DIR/files`, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: StorageConfig;
}

function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  if (!env.S3_BUCKET) return { kind: 'local', directory: resolve(env.FILES_DIR ?? resolve(dataDir, 'files')) };
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? 'eu-north-1',
    endpoint: env.S3_ENDPOINT || undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : Boolean(env.S3_ENDPOINT),
    prefix: env.S3_PREFIX ?? '',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
  };
}

const repoRoot = resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR ?? resolve(repoRoot, '.data'));
  return {
    env: mode,
    port,
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Frilo <no-reply@frilo.se>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    brandName: env.BRAND_NAME ?? 'Frilo',
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    staticRoot: resolve(env.STATIC_ROOT ?? repoRoot),
    seedDemoData: mode !== 'production' && env.SEED_DEMO_DATA !== 'false',
    validateResponses: mode !== 'production' && env.VALIDATE_RESPONSES !== 'false',
    rateLimits: mode === 'production' || env.RATE_LIMITS !== 'false',
    storage: storageConfig(env, dataDir),
  };
}
