// Plain SQL through an EntityManager (inside its transaction when there is one), for the paths where the
// ORM's unit of work would only add cost: sessions, rate limits, list pages.
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type pg from 'pg';

/** `?` placeholders, as MikroORM formats them. */
export function sqlRows<T extends object>(em: EntityManager, text: string, params: unknown[] = []): Promise<T[]> {
  return em.getConnection().execute<T[]>(text, params, 'all', em.getTransactionContext());
}

export async function sqlRow<T extends object>(
  em: EntityManager,
  text: string,
  params: unknown[] = [],
): Promise<T | undefined> {
  const rows = await sqlRows<T>(em, text, params);
  return rows[0];
}

const statementNames = new Map<string, string>();

/**
 * `sqlRows` for the hottest reads (the session lookup on every request, list pages), as a named prepared statement:
 * PostgreSQL parses and plans it once per connection instead of on every request. (MikroORM's `execute` sends the
 * values written into the text, so each call is new SQL to parse and plan: 2–3 ms of planning against 0.7 ms of
 * execution for a list page among two million invoices.) Only for statements whose best plan does not depend on
 * the values: no LIKE patterns, and LIMIT/OFFSET written into the text. Inside a transaction it is `sqlRows`.
 * `?` placeholders as in `sqlRows`; an array becomes one placeholder per element, as MikroORM writes it (`in (?)`).
 */
export async function preparedRows<T extends object>(
  em: EntityManager,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (em.getTransactionContext()) return sqlRows<T>(em, text, params);
  const values: unknown[] = [];
  const parts = text.split('?');
  if (parts.length - 1 !== params.length) {
    throw new Error(`preparedRows: ${parts.length - 1} placeholders for ${params.length} values`);
  }
  let numbered = parts[0]!;
  params.forEach((param, i) => {
    const list = Array.isArray(param) ? param : [param];
    if (!list.length) throw new Error('preparedRows: an empty list has no SQL');
    numbered += list.map((value) => `$${values.push(value)}`).join(', ') + parts[i + 1]!;
  });
  let name = statementNames.get(numbered);
  if (!name) {
    // Bounded by the shapes the code writes; cleared rather than grown should that ever stop being true.
    if (statementNames.size > 2000) statementNames.clear();
    name = `frilo_${createHash('sha1').update(numbered).digest('hex').slice(0, 24)}`;
    statementNames.set(numbered, name);
  }
  const pool = await (em.getConnection() as unknown as { getNativeClient(): Promise<pg.Pool> }).getNativeClient();
  const result = await pool.query<T>({ name, text: numbered, values });
  return result.rows;
}
