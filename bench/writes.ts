// The wizard's writes as the benches drive them (updateInvoice, sendInvoice): workers that carry what autocannon
// cannot (the version the last answer gave, one send per draft). Shared by bench/floors.ts and bench/profile-create.ts.
import type pg from 'pg';
import { DataCipher } from '../bff/src/platform/crypto/data-encryption.ts';
import { BENCH_USER } from './customers.ts';
import { productionBffEnv } from './lib.ts';

export type Post = (path: string, body: unknown, method?: string) => Promise<Record<string, unknown>>;

export interface WriteResult {
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
}

/** A poster for one server, with the bench user's cookie and CSRF token (`headers`). */
export function poster(url: string, headers: Record<string, string>): Post {
  return async (path, body, method = 'POST') => {
    const r = await fetch(`${url}${path}`, { method, headers, body: JSON.stringify(body) });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as Record<string, unknown>;
  };
}

function figures(latencies: number[], seconds: number): WriteResult {
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.floor(q * (latencies.length - 1))] ?? NaN);
  return {
    requests: latencies.length,
    rps: Math.round(latencies.length / seconds),
    p50: at(0.5),
    p99: at(0.99),
    non2xx: 0,
  };
}

/** The bench user can send: a personal identity number and registered bank details (sealed with the bench's key). */
export async function makeSendable(client: pg.Client): Promise<void> {
  const cipher = new DataCipher(Buffer.from(productionBffEnv('').DATA_ENCRYPTION_KEY!, 'base64'));
  const { rows } = await client.query<{ id: string }>(
    `update app_user set government_id = '198112189876' where email = $1 returning id`,
    [BENCH_USER.email],
  );
  const userId = rows[0]!.id;
  const registration = await client.query<{ id: string }>(
    `insert into bank_registration (user_id, provider, status, locale, expires_at, completed_at)
     values ($1, 'seed', 'succeeded', 'sv', now(), now()) returning id`,
    [userId],
  );
  const account = { kind: 'domestic', clearingNumber: '83279', accountNumber: '1234567897', bankName: 'Swedbank' };
  await client.query(
    `insert into bank_account (user_id, kind, sealed_account, key_id, masked, bank_name, registration_id)
     values ($1, 'domestic', $2, $3, 'Swedbank •••• 7897', 'Swedbank', $4)`,
    [userId, cipher.encrypt(JSON.stringify(account), `bank_account:${userId}`), cipher.keyId, registration.rows[0]!.id],
  );
}

/** `count` drafts made through `post`, 20 at a time. */
export async function drafts(post: Post, createBody: unknown, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 20) {
    const made = await Promise.all(
      Array.from({ length: Math.min(20, count - i) }, () => post('/api/invoices', createBody)),
    );
    ids.push(...made.map((d) => d.id as string));
  }
  return ids;
}

/** One draft per connection for `updates`, made through `post` (before a measurement, so not counted in it). */
export function ownDrafts(post: Post, createBody: unknown, connections = 20): Promise<Record<string, unknown>[]> {
  return Promise.all(Array.from({ length: connections }, () => post('/api/invoices', createBody)));
}

/**
 * updateInvoice as the wizard sends it (the rows changed, with the version the last answer gave), one worker per draft
 * of `own` (`ownDrafts`), each editing its own for `seconds`.
 */
export async function updates(post: Post, own: Record<string, unknown>[], seconds: number): Promise<WriteResult> {
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    own.map(async (first) => {
      let invoice = first;
      for (let i = 0; performance.now() < deadline; i++) {
        const at = performance.now();
        invoice = await post(
          `/api/invoices/${String(invoice.id)}`,
          {
            version: invoice.version,
            reference: `Bench ${i}`,
            rows: [{ description: 'Utveckling', unitPrice: 95000 + i, quantity: 7.5, unit: 'hour', vatPercentage: 25 }],
          },
          'PATCH',
        );
        latencies.push(performance.now() - at);
      }
    }),
  );
  return figures(latencies, (performance.now() - started) / 1000);
}

/** sendInvoice of each of `ids`, from `connections` workers. */
export async function sends(post: Post, ids: string[], connections = 20): Promise<WriteResult> {
  const latencies: number[] = [];
  const queue = [...ids];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      for (let id = queue.pop(); id; id = queue.pop()) {
        const at = performance.now();
        const sent = await post(`/api/invoices/${id}/send`, {});
        if (typeof sent.number !== 'number') throw new Error(`not sent: ${JSON.stringify(sent)}`);
        latencies.push(performance.now() - at);
      }
    }),
  );
  return figures(latencies, (performance.now() - started) / 1000);
}
