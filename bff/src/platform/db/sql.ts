// Plain SQL through an EntityManager (inside its transaction when there is one), for the paths where the
// ORM's unit of work would only add cost: sessions, rate limits, list pages.
import { createHash } from 'node:crypto';
import { type EntityName, ReferenceKind } from '@mikro-orm/core';
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

/** A plain-SQL transaction on one connection (platform/db/transaction.ts). */
export interface SqlTransaction {
  /** A statement in the transaction: `?` placeholders (an array is one placeholder per element), prepared by name. */
  rows<T extends object>(text: string, params?: unknown[]): Promise<T[]>;
  /** A statement with `$n` placeholders as they are (pg-boss's statements), not prepared. */
  query<T extends object>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * The transaction's last statement and its COMMIT in one round trip (the statement is prepared by SQL PREPARE once
   * per connection and run by an EXECUTE with the values as literals: the simple query protocol takes several
   * statements, the extended one does not). Returns the statement's rows and the database's clock (epoch seconds)
   * right after the commit. The transaction is over after it.
   */
  commitWith<T extends object>(text: string, params: unknown[]): Promise<{ rows: T[]; committedAt: number }>;
}

/** Where plain SQL runs: an EntityManager (in its transaction when it has one), or a plain-SQL transaction. */
export type SqlRunner = EntityManager | SqlTransaction;

export function isSqlTransaction(db: SqlRunner): db is SqlTransaction {
  return typeof (db as Partial<SqlTransaction>).commitWith === 'function';
}

/** `sqlRows` on either kind of runner (`?` placeholders). */
export function runSql<T extends object>(db: SqlRunner, text: string, params: unknown[] = []): Promise<T[]> {
  return isSqlTransaction(db) ? db.rows<T>(text, params) : sqlRows<T>(db, text, params);
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
  const statement = numbered(text, params);
  const pool = await nativePool(em);
  const result = await pool.query<T>({ name: statementName(statement.text), ...statement });
  return result.rows;
}

/** The first row of `preparedRows`. */
export async function preparedRow<T extends object>(
  em: EntityManager,
  text: string,
  params: unknown[] = [],
): Promise<T | undefined> {
  const rows = await preparedRows<T>(em, text, params);
  return rows[0];
}

/**
 * Entities read by hand-written SQL that selects their table's columns (`select *`), as plain objects of the entity's
 * shape (`plainOf`): prepared (`preparedRows`) outside a transaction, in it when there is one. For the hottest reads by
 * id (an invoice's details are read on every screen, by every save and by every send), which only read what they get:
 * merging them into the unit of work (`em.map`) was a sixth of an update's CPU (issue 23). Not managed: a `flush`
 * does not see them, so a read that changes what it got reads with `em.findOne` instead.
 */
export async function plainRows<E extends object>(
  em: EntityManager,
  entity: EntityName<E>,
  text: string,
  params: unknown[],
): Promise<E[]> {
  const rows = await preparedRows<Record<string, unknown>>(em, text, params);
  const map = plainMapperOf(em, entity);
  return rows.map(map);
}

/**
 * A row of the entity's table (column names, values as node-postgres parses them) as the plain object `em.map` would
 * fill its entity with: properties by name, each converted as MikroORM's hydrator converts it (its custom type's
 * `convertToJSValue`, booleans, dates), embeddables as nested objects. Not merged into `em`'s unit of work.
 */
export function plainOf<E extends object>(em: EntityManager, entity: EntityName<E>, row: Record<string, unknown>): E {
  return plainMapperOf(em, entity)(row);
}

type PlainMapper = (row: Record<string, unknown>) => never;
interface PlainStep {
  field: string;
  /** The embeddable the property belongs to, or null for the entity's own. */
  parent: string | null;
  name: string;
  convert: (value: unknown) => unknown;
}

const plainMappers = new WeakMap<object, PlainMapper>();

function plainMapperOf<E extends object>(em: EntityManager, entity: EntityName<E>): PlainMapper {
  const meta = em.getMetadata().get(entity);
  let mapper = plainMappers.get(meta);
  if (mapper) return mapper;
  if (meta.embeddable) throw new Error(`plainOf: ${meta.className} is an embeddable, not a table`);
  const platform = em.getPlatform();
  const timezone = platform.getTimezone();
  // A text without an offset is in the ORM's timezone, as the hydrator reads it (node-postgres gives timestamptz as a
  // Date, so this is for other column types).
  const dateOf = (value: unknown): Date => {
    if (value instanceof Date) return value;
    if (!timezone || timezone === 'local' || typeof value === 'number') return new Date(value as string);
    const text = value as string;
    const zoned = text.includes('+') || text.lastIndexOf('-') > 10 || text.endsWith('Z');
    return new Date(zoned ? text : text + timezone);
  };
  const steps: PlainStep[] = [];
  const parents: string[] = [];
  for (const prop of meta.props) {
    const unsupported = () => new Error(`plainOf: ${meta.className}.${prop.name} is not a plain column`);
    if (prop.kind === ReferenceKind.EMBEDDED) {
      // One level of embeddable, stored as prefixed columns and never null (what the hydrator makes an object of).
      if (prop.object || prop.nullable || prop.array || prop.embedded) throw unsupported();
      parents.push(prop.name);
      continue;
    }
    if (prop.kind !== ReferenceKind.SCALAR || prop.fieldNames?.length !== 1 || prop.ref || prop.formula)
      throw unsupported();
    const customType = prop.customType;
    const convert = customType
      ? (value: unknown) => customType.convertToJSValue(value, platform, { mode: 'serialization' })
      : prop.runtimeType === 'boolean'
        ? (value: unknown) => !!value
        : prop.runtimeType === 'Date' && !platform.isNumericProperty(prop)
          ? dateOf
          : (value: unknown) => value;
    const [parent, name] = prop.embedded ?? [null, prop.name];
    steps.push({ field: prop.fieldNames[0]!, parent, name, convert });
  }
  mapper = (row) => {
    const out: Record<string, unknown> = {};
    for (const parent of parents) out[parent] = {};
    for (const { field, parent, name, convert } of steps) {
      const value = row[field];
      if (value === undefined) continue;
      const target = parent === null ? out : (out[parent] as Record<string, unknown>);
      target[name] = value === null ? null : convert(value);
    }
    return out as never;
  };
  plainMappers.set(meta, mapper);
  return mapper;
}

/** `?` placeholders as `$n`, an array as one placeholder per element (as MikroORM writes `in (?)`). */
export function numbered(text: string, params: unknown[]): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const parts = text.split('?');
  if (parts.length - 1 !== params.length) {
    throw new Error(`preparedRows: ${parts.length - 1} placeholders for ${params.length} values`);
  }
  let out = parts[0]!;
  params.forEach((param, i) => {
    const list = Array.isArray(param) ? param : [param];
    if (!list.length) throw new Error('preparedRows: an empty list has no SQL');
    out += list.map((value) => `$${values.push(value)}`).join(', ') + parts[i + 1]!;
  });
  return { text: out, values };
}

/** The name a statement is prepared under (the same text, the same name, on every connection). */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    // Bounded by the shapes the code writes; cleared rather than grown should that ever stop being true.
    if (statementNames.size > 2000) statementNames.clear();
    name = `frilo_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
    statementNames.set(text, name);
  }
  return name;
}

const pools = new WeakMap<object, pg.Pool>();

/** The pg pool under `em`'s connection (MikroORM's own, so its settings and connections are shared). */
export async function nativePool(em: EntityManager): Promise<pg.Pool> {
  const connection = em.getConnection() as unknown as { getNativeClient(): Promise<pg.Pool> };
  let pool = pools.get(connection) as (pg.Pool & { ending?: boolean }) | undefined;
  if (!pool || pool.ending) {
    pool = await connection.getNativeClient();
    pools.set(connection, pool);
  }
  return pool;
}
