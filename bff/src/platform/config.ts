// Reads the BFF's configuration from the environment once, with the embedded defaults.
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Seller } from '../domain/invoice-document.ts';
import { parseParticipantIdText } from '../domain/peppol-participant.ts';
import { loadSeller } from './seller.ts';
import { loadDataEncryptionKey } from './crypto/data-encryption.ts';
import { parseRemoteManifests, type RemoteManifests } from './http/remotes-json.ts';

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

export interface SendingConfig {
  /** REVIEW_FIRST_INVOICE=true: a freelancer's first invoice waits for an admin's review. */
  reviewFirstInvoice: boolean;
  /** REVIEW_ABOVE_SEK (kronor): invoices above it (excl. VAT) wait for review; null: none. */
  reviewAboveSek: number | null;
  /** SENDING_MAX_ATTEMPTS: delivery attempts before a passing failure becomes Not sent. */
  maxAttempts: number;
  /** SENDING_RETRY_DELAY_SECONDS: the first pause before a retry; it doubles each time. */
  retryDelaySeconds: number;
  /** EINVOICE_OUTBOX_DIR: the e-invoice outbox folder (default `DATA_DIR/einvoice-outbox`). */
  einvoiceOutboxDir: string;
  /** SENDING_LEASE_SECONDS: how long a delivery is held by its worker; after a crash it lapses and is retried. */
  leaseSeconds: number;
  /**
   * PEPPOL_DIRECTORY_URL: the Peppol Directory whose search API says which e-invoice customers can receive (e.g.
   * `https://directory.peppol.eu`); unset: no lookups, acceptance only by an admin.
   */
  peppolDirectoryUrl: string | null;
  /** PEPPOL_DIRECTORY_RECHECK_MINUTES: how long a customer the directory did not list waits before it is asked again. */
  peppolDirectoryRecheckMinutes: number;
  /** PEPPOL_SENDER_ID: the platform's own Peppol participant id (`scheme:id`); default the seller's 0007 id. */
  peppolSenderId: string;
  /** EINVOICE_ACCESS_POINT_*: e-invoices go to this access point's API instead of the outbox; null: the outbox. */
  accessPoint: AccessPointConfig | null;
}

export interface AccessPointConfig {
  /** EINVOICE_ACCESS_POINT_URL: the submission endpoint (https in production). */
  url: string;
  /** EINVOICE_ACCESS_POINT_TOKEN: the bearer token (a secret: never logged). */
  token: string;
  /** EINVOICE_ACCESS_POINT_TIMEOUT_SECONDS: how long one delivery waits for the answer (default 30). */
  timeoutSeconds: number;
}

function peppolSenderId(raw: string | undefined, seller: Seller): string {
  if (!raw?.trim()) return `${seller.endpoint.scheme}:${seller.endpoint.id}`;
  const parsed = parseParticipantIdText(raw);
  if (!parsed.valid)
    throw new Error(
      parsed.error === 'invalid_organisation_number'
        ? `PEPPOL_SENDER_ID: a 0007 id must be a valid Swedish organisation number, got ${raw}`
        : `PEPPOL_SENDER_ID must be scheme:id (e.g. 0007:5560000000), got ${raw}`,
    );
  return parsed.normalised;
}

function accessPointConfig(
  env: NodeJS.ProcessEnv,
  mode: Config['env'],
  timeoutSeconds: number,
): AccessPointConfig | null {
  const raw = env.EINVOICE_ACCESS_POINT_URL?.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`EINVOICE_ACCESS_POINT_URL is not a URL: ${raw}`);
  }
  // Invoices and the bearer token travel in the body and headers: only over TLS in production; plain http is for
  // loopback tests and a local access point simulator.
  const allowed = mode === 'production' ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(url.protocol))
    throw new Error(`EINVOICE_ACCESS_POINT_URL must be ${mode === 'production' ? 'https' : 'http(s)'}, got ${raw}`);
  const token = env.EINVOICE_ACCESS_POINT_TOKEN?.trim();
  if (!token) throw new Error('EINVOICE_ACCESS_POINT_TOKEN is required when EINVOICE_ACCESS_POINT_URL is set');
  return { url: url.toString(), token, timeoutSeconds };
}

function directoryUrl(raw: string | undefined): string | null {
  if (!raw?.trim()) return null;
  const url = new URL(raw.trim());
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`PEPPOL_DIRECTORY_URL must be http(s), got ${raw}`);
  return url.toString().replace(/\/+$/, '');
}

function sendingConfig(env: NodeJS.ProcessEnv, mode: Config['env'], dataDir: string, seller: Seller): SendingConfig {
  const positive = (name: string, fallback: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1, got ${raw}`);
    return value;
  };
  return {
    reviewFirstInvoice: env.REVIEW_FIRST_INVOICE === 'true',
    reviewAboveSek: env.REVIEW_ABOVE_SEK ? positive('REVIEW_ABOVE_SEK', 0) * 100 : null,
    maxAttempts: positive('SENDING_MAX_ATTEMPTS', 6),
    retryDelaySeconds: positive('SENDING_RETRY_DELAY_SECONDS', 30),
    einvoiceOutboxDir: resolve(env.EINVOICE_OUTBOX_DIR ?? resolve(dataDir, 'einvoice-outbox')),
    leaseSeconds: positive('SENDING_LEASE_SECONDS', 120),
    peppolDirectoryUrl: directoryUrl(env.PEPPOL_DIRECTORY_URL),
    peppolDirectoryRecheckMinutes: positive('PEPPOL_DIRECTORY_RECHECK_MINUTES', 60),
    peppolSenderId: peppolSenderId(env.PEPPOL_SENDER_ID, seller),
    accessPoint: accessPointConfig(env, mode, positive('EINVOICE_ACCESS_POINT_TIMEOUT_SECONDS', 30)),
  };
}

/** The operator's reports (docs/product/back-office.md#the-operators-month). */
export interface ReportsConfig {
  /**
   * Who Skatteverket may contact about the employer declaration and the EC sales list, as their files name them:
   * REPORTS_CONTACT_NAME, REPORTS_CONTACT_PHONE, REPORTS_CONTACT_EMAIL (default SELLER_EMAIL). Null until set in
   * production (the files are then refused with `reports_contact_missing`); a demo contact elsewhere.
   */
  contact: { name: string; phone: string; email: string } | null;
  /** VAT_RETURN_PERIOD: `month` (default) or `quarter`, the VAT period Skatteverket decided for the platform. */
  vatPeriod: 'month' | 'quarter';
}

function reportsConfig(env: NodeJS.ProcessEnv, mode: Config['env'], seller: Seller): ReportsConfig {
  const period = env.VAT_RETURN_PERIOD || 'month';
  if (period !== 'month' && period !== 'quarter')
    throw new Error(`VAT_RETURN_PERIOD must be month or quarter, got ${period}`);
  const demo = mode !== 'production';
  const name = env.REPORTS_CONTACT_NAME?.trim() || (demo ? 'Frilo Lön' : '');
  const phone = env.REPORTS_CONTACT_PHONE?.trim() || (demo ? '08-123 456 70' : '');
  const email = env.REPORTS_CONTACT_EMAIL?.trim() || seller.contact?.email || '';
  return { contact: name && phone && email ? { name, phone, email } : null, vatPeriod: period };
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** METRICS_PORT: where the Prometheus scrape endpoint listens (GET /metrics); none when unset. */
  metricsPort: number | undefined;
  /** METRICS_HOST: the metrics server's address; loopback unless told (a scraper in the same network: 0.0.0.0). */
  metricsHost: string;
  databaseUrl: string | undefined;
  /**
   * DATABASE_POOL_SIZE: the most PostgreSQL connections this process's requests hold at once (20). Processes that
   * share one database share its connections: give each its part (two processes, 10 each, as the load bench runs).
   */
  databasePoolSize: number;
  /**
   * JOB_WORKERS: whether this process works the job queues (true when unset). `false` for a process that only answers
   * requests, beside one that works them (README, Several processes): the queued work waits for a worker otherwise.
   */
  jobWorkers: boolean;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  brandName: string;
  logLevel: string;
  staticRoot: string;
  /**
   * REMOTE_MANIFESTS: remotes served from elsewhere than the BFF (a CDN), name → manifest URL. They go into
   * `/remotes.json` and their origins into the page's Content-Security-Policy (platform/http/remotes-json.ts).
   */
  remoteManifests: RemoteManifests;
  seedDemoData: boolean;
  /** Validate every response against the contract (on in tests and development). */
  validateResponses: boolean;
  /** Rate limits can be relaxed for load tests; never in production. */
  rateLimits: boolean;
  /** Where files (receipts) are kept: `$DATA_DIR/files`, or an S3-compatible bucket when S3_BUCKET is set. */
  storage: StorageConfig;
  /**
   * How many reverse proxies in front of the BFF append to X-Forwarded-For: the client's address is the one that many
   * places from the right (0: the socket's peer, headers ignored).
   */
  trustedProxyHops: number;
  /** Server secret for HMACs (CSRF tokens bound to the session): APP_SECRET, or generated once under DATA_DIR. */
  secret: string;
  /** The platform as the legal seller on every invoice (SELLER_* variables; a demo company outside production). */
  seller: Seller;
  /** Sending: review rules, delivery retries, where e-invoices go (see sendingSettings). */
  sending: SendingConfig;
  /** The operator's reports: the contact Skatteverket's files name, the VAT period. */
  reports: ReportsConfig;
  /** AES-256 key for data encrypted at rest (bank details): DATA_ENCRYPTION_KEY, or generated (see data-encryption.ts). */
  dataEncryptionKey: Buffer;
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

const MIN_SECRET_LENGTH = 32;

/**
 * APP_SECRET when set (required in production); in tests a fresh one per process; in development one generated once
 * and kept in `DATA_DIR/app-secret`, so a restart does not invalidate the tokens of open pages.
 */
function loadSecret(env: NodeJS.ProcessEnv, mode: Config['env'], dataDir: string): string {
  const given = env.APP_SECRET;
  if (given !== undefined && given !== '') {
    if (given.length < MIN_SECRET_LENGTH)
      throw new Error(`APP_SECRET must be at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -base64 32)`);
    return given;
  }
  if (mode === 'production') throw new Error('APP_SECRET is required in production (e.g. openssl rand -base64 32)');
  if (mode === 'test') return randomBytes(32).toString('base64url');
  const file = join(dataDir, 'app-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  } catch {
    // Not generated yet.
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

function proxyHops(env: NodeJS.ProcessEnv, mode: Config['env']): number {
  const raw = env.TRUSTED_PROXY_HOPS;
  if (raw === undefined || raw === '') return mode === 'production' ? 1 : 0;
  const hops = Number(raw);
  if (!Number.isInteger(hops) || hops < 0 || hops > 10)
    throw new Error(`TRUSTED_PROXY_HOPS must be a whole number from 0 to 10, got ${raw}`);
  return hops;
}

const repoRoot = resolve(import.meta.dirname, '../../..');

function databasePoolSize(raw: string | undefined): number {
  if (raw === undefined || raw === '') return 20;
  const size = Number(raw);
  if (!Number.isInteger(size) || size < 1 || size > 500)
    throw new Error(`DATABASE_POOL_SIZE must be a whole number from 1 to 500, got ${raw}`);
  return size;
}

function jobWorkers(raw: string | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'true') return true;
  if (raw === 'false') return false;
  throw new Error(`JOB_WORKERS must be true or false, got ${raw}`);
}

function metricsPort(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`METRICS_PORT must be a port number, got ${raw}`);
  return port;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  const host = env.HOST ?? '127.0.0.1';
  const dataDir = resolve(env.DATA_DIR ?? resolve(repoRoot, '.data'));
  const seller = loadSeller(env, mode);
  return {
    env: mode,
    port,
    host,
    metricsPort: metricsPort(env.METRICS_PORT),
    metricsHost: env.METRICS_HOST ?? '127.0.0.1',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: databasePoolSize(env.DATABASE_POOL_SIZE),
    jobWorkers: jobWorkers(env.JOB_WORKERS),
    dataDir,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Frilo <no-reply@frilo.se>',
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    brandName: env.BRAND_NAME ?? 'Frilo',
    logLevel: env.LOG_LEVEL ?? (mode === 'test' ? 'silent' : 'info'),
    staticRoot: resolve(env.STATIC_ROOT ?? repoRoot),
    remoteManifests: parseRemoteManifests(env.REMOTE_MANIFESTS, mode === 'production'),
    seedDemoData: mode !== 'production' && env.SEED_DEMO_DATA !== 'false',
    validateResponses: mode !== 'production' && env.VALIDATE_RESPONSES !== 'false',
    rateLimits: mode === 'production' || env.RATE_LIMITS !== 'false',
    storage: storageConfig(env, dataDir),
    trustedProxyHops: proxyHops(env, mode),
    secret: loadSecret(env, mode, dataDir),
    seller,
    sending: sendingConfig(env, mode, dataDir, seller),
    reports: reportsConfig(env, mode, seller),
    dataEncryptionKey: loadDataEncryptionKey(env, mode, dataDir),
  };
}
