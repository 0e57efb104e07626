// Plain SQL through an EntityManager (inside its transaction when there is one), for the paths where the
// ORM's unit of work would only add cost: sessions, rate limits, list pages.
import type { EntityManager } from '@mikro-orm/postgresql';

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
