// Fixed-window rate limits kept in PostgreSQL, so every BFF instance shares them; each module declares its own
// limits. Keys are hashed: the table never holds an email address or IP address in clear.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RateLimitedError } from './errors.ts';
import { sqlRow, sqlRows } from './db/sql.ts';

export interface Limit {
  scope: string;
  max: number;
  windowSeconds: number;
}

export interface LimitKey {
  limit: Limit;
  /** What is counted, e.g. `${ip}|${email}`; hashed before it is stored. */
  subject: string;
}

const keyOf = ({ limit, subject }: LimitKey) =>
  createHash('sha256').update(`${limit.scope}\n${subject.toLowerCase()}`).digest('hex');

function tooMany(retryAfterSeconds: number): RateLimitedError {
  const minutes = Math.ceil(Math.max(1, Math.ceil(retryAfterSeconds)) / 60);
  return new RateLimitedError(
    'rate_limited',
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    retryAfterSeconds,
  );
}

export class RateLimiter {
  readonly #enabled: boolean;
  constructor(enabled: boolean) {
    this.#enabled = enabled;
  }

  /** Counts one request against each key and refuses it (rate_limited) when one is over its limit. */
  async hit(em: EntityManager, ...keys: LimitKey[]): Promise<void> {
    if (!this.#enabled) return;
    let refuse: number | undefined;
    for (const key of keys) {
      const row = await sqlRow<{ hits: number; retry_after: number }>(
        em,
        `insert into rate_limit as r (key, window_started_at, hits) values (?, now(), 1)
         on conflict (key) do update set
           hits = case when r.window_started_at <= now() - make_interval(secs => ?) then 1 else r.hits + 1 end,
           window_started_at = case when r.window_started_at <= now() - make_interval(secs => ?) then now() else r.window_started_at end
         returning hits, extract(epoch from r.window_started_at + make_interval(secs => ?) - now())::float8 as retry_after`,
        [keyOf(key), key.limit.windowSeconds, key.limit.windowSeconds, key.limit.windowSeconds],
      );
      if (row && row.hits > key.limit.max) refuse = Math.max(refuse ?? 0, row.retry_after);
    }
    // Now and then, forget windows that ended long ago (the longest window is an hour).
    if (Math.random() < 0.01)
      await sqlRows(em, `delete from rate_limit where window_started_at < now() - interval '1 day'`);
    if (refuse !== undefined) throw tooMany(refuse);
  }

  /**
   * Takes back one request counted by `hit` (in the current window). For limits on failures that must hold under
   * concurrency: count every attempt up front with `hit`, then forgive the ones that turned out not to be failures.
   */
  async forgive(em: EntityManager, key: LimitKey): Promise<void> {
    if (!this.#enabled) return;
    await sqlRows(
      em,
      `update rate_limit set hits = greatest(hits - 1, 0)
       where key = ? and window_started_at > now() - make_interval(secs => ?)`,
      [keyOf(key), key.limit.windowSeconds],
    );
  }

  /** Refuses (rate_limited) when a key has already used up its window, without counting this request. */
  async check(em: EntityManager, ...keys: LimitKey[]): Promise<void> {
    if (!this.#enabled) return;
    for (const key of keys) {
      const row = await sqlRow<{ hits: number; retry_after: number }>(
        em,
        `select hits, extract(epoch from window_started_at + make_interval(secs => ?) - now())::float8 as retry_after
         from rate_limit where key = ? and window_started_at > now() - make_interval(secs => ?)`,
        [key.limit.windowSeconds, keyOf(key), key.limit.windowSeconds],
      );
      if (row && row.hits >= key.limit.max) throw tooMany(row.retry_after);
    }
  }
}
