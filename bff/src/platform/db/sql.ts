// Plain SQL through an EntityManager (inside its transaction when there is one), for the paths where the
// ORM's unit of work would only add cost: sessions, rate limits, list pages.
import { createHash } from 'node:crypto';
import { type EntityName, type EntityProperty, ReferenceKind } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import pg from 'pg';

const { escapeLiteral } = pg;

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
  /** A statement with `$n` placeholders as they are (pg-boss's statements), prepared by name as it is. */
  query<T extends object>(text: string, values?: unknown[]): Promise<{ rows: T[] }>;
  /**
   * The transaction's last statement and its COMMIT in one round trip (the statement is prepared by SQL PREPARE once
   * per connection and run by an EXECUTE with the values as literals: the simple query protocol takes several
   * statements, the extended one does not). Returns the statement's rows and the database's clock (epoch seconds)
   * right after the commit. The transaction is over after it.
   */
  commitWith<T extends object>(
    text: string,
    params: unknown[],
    options?: CommitOptions,
  ): Promise<{ rows: T[]; committedAt: number }>;
}

export interface CommitOptions {
  /**
   * The commit releases its locks before its WAL is flushed, and the answer still waits for the flush
   * (docs/decisions/0055-number-series-released-before-the-flush.md): for a lock every other writer queues behind.
   */
  releaseBeforeFlush?: boolean;
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
 *
 * Reads go to PostgreSQL together, whichever request asked them: up to `READS_PER_MESSAGE` in ONE message on one
 * connection, one round trip, one wake-up of one server process instead of one each (issue 23; decisions 0054 and
 * 0057-reads-of-one-turn-travel-together.md). A read waits in its database connection's queue; at the end of the turn
 * of the event loop that asked it (when every callback of the turn has asked its reads), the queue asks the pool for
 * as many connections as its reads fill messages, and each connection, as it comes, takes the reads waiting then. A
 * quiet server's read goes at the end of its turn; on a busy one, the reads that wait for a connection anyway wait
 * together, and the first connection free takes them all.
 */
export function preparedRows<T extends object>(em: EntityManager, text: string, params: unknown[] = []): Promise<T[]> {
  if (em.getTransactionContext()) return sqlRows<T>(em, text, params);
  const statement = numbered(text, params);
  return new Promise<T[]>((resolve, reject) => {
    // One queue per database connection (what all of an application's EntityManagers share).
    const connection = em.getConnection();
    let queue = queues.get(connection);
    if (!queue) {
      queue = { reads: [], connecting: 0, scheduled: false };
      queues.set(connection, queue);
    }
    queue.reads.push({ statement, resolve: resolve as (rows: object[]) => void, reject });
    if (!queue.scheduled) {
      queue.scheduled = true;
      const scheduled = queue;
      // After the turn's callbacks (its I/O and the microtasks each leaves): every read they asked for is queued then.
      setImmediate(() => {
        scheduled.scheduled = false;
        askConnections(em, scheduled);
      });
    }
  });
}

/**
 * A statement that writes, as a named prepared statement (planned once per connection) on its own: never sent with
 * other statements, so never run again should a message fail (`preparedRows` may run a read twice).
 */
export async function preparedWrite<T extends object>(
  em: EntityManager,
  text: string,
  params: unknown[] = [],
): Promise<T[]> {
  if (em.getTransactionContext()) return sqlRows<T>(em, text, params);
  const statement = numbered(text, params);
  const pool = await nativePool(em);
  const client = await pool.connect();
  try {
    // Its row description worked out once per connection (a created invoice comes back whole: about 45 columns).
    const result = await queryNamed<T>(client, statement.text, statement.values);
    client.release();
    return result.rows;
  } catch (error) {
    // As the pool's own query does: a connection whose statement failed is not handed out again.
    client.release(error as Error);
    throw error;
  }
}

interface Pending {
  statement: { text: string; values: unknown[] };
  resolve: (rows: object[]) => void;
  reject: (error: unknown) => void;
}

interface ReadQueue {
  /** Reads asked for and not yet taken by a connection, in the order asked. */
  reads: Pending[];
  /** Connections asked of the pool for the queue and not yet had. */
  connecting: number;
  /** Whether the end of this turn will ask for connections. */
  scheduled: boolean;
}

/** Each database connection's reads waiting to be sent. */
const queues = new WeakMap<object, ReadQueue>();

/**
 * At most this many reads in one message: a message answers when its last read has, so a long queue is split over
 * several connections (PostgreSQL runs each message's reads one after the other, in one process).
 */
export const READS_PER_MESSAGE = 32;

/** As many connections as the waiting reads fill messages, less those already asked for. */
function askConnections(em: EntityManager, queue: ReadQueue): void {
  const wanted = Math.ceil(queue.reads.length / READS_PER_MESSAGE) - queue.connecting;
  for (let i = 0; i < wanted; i++) void serve(em, queue);
}

/** One pooled connection for the queue: when it comes, it sends the reads waiting then (up to a message's worth). */
async function serve(em: EntityManager, queue: ReadQueue): Promise<void> {
  queue.connecting++;
  let client: pg.PoolClient | undefined;
  try {
    client = await (await nativePool(em)).connect();
  } catch {
    client = undefined;
  } finally {
    queue.connecting--;
  }
  const batch = queue.reads.splice(0, READS_PER_MESSAGE);
  // Reads queued since still wait for a message of their own (their turn's end asked only for what it saw wanting).
  if (queue.reads.length > 0 && !queue.scheduled) askConnections(em, queue);
  if (!client) {
    // No connection for the message: each read tries alone (and gets its own answer or error).
    await Promise.all(batch.map((read) => readAlone(em, read)));
    return;
  }
  await readOn(em, client, batch);
}

/** One read as a named prepared statement of the extended protocol, on any connection of the pool. */
async function readAlone(em: EntityManager, { statement, resolve, reject }: Pending): Promise<void> {
  try {
    const pool = await nativePool(em);
    const result = await pool.query({ name: statementName(statement.text), ...statement });
    resolve(result.rows);
  } catch (error) {
    reject(error);
  }
}

/**
 * The reads of `batch` on `client`, which it releases. One read goes as a named prepared statement of the extended
 * protocol. Several go in one message of the simple protocol: each prepared by SQL PREPARE (once per connection, see
 * `executeOf`) and run by an EXECUTE with its values as literals. Should the message fail (a statement refused, the
 * connection lost), each read runs again alone, so each caller gets its own answer or its own error: the message is
 * one implicit transaction, so nothing of it stayed. A read with a value that has no literal, or whose text PostgreSQL
 * would not prepare, runs alone.
 */
async function readOn(em: EntityManager, client: pg.PoolClient, batch: Pending[]): Promise<void> {
  // Each read with the literals of its values, worked out once; those that cannot travel together run alone.
  const literals = new Map(batch.map((read) => [read, literalsOf(read.statement.values)]));
  const together = batch.filter((read) => !unbatchable.has(read.statement.text) && literals.get(read));
  const alone = batch.filter((read) => !together.includes(read));
  const sent: Pending[] = [];
  let results: pg.QueryResult[] | undefined;
  let broken: Error | undefined;
  try {
    if (together.length === 1) {
      // Alone in its message: on this connection, answered (or refused) as `readAlone` would.
      const [{ statement, resolve, reject }] = together as [Pending];
      try {
        resolve((await queryNamed(client, statement.text, statement.values)).rows);
      } catch (error) {
        if (!refused(error)) broken = error as Error;
        reject(error);
      }
    } else if (together.length > 1) {
      const executes: string[] = [];
      const names: string[] = [];
      for (const read of together) {
        const { text } = read.statement;
        try {
          executes.push(await executeOf(client, text, literals.get(read)!));
          names.push(executedName(text));
          sent.push(read);
        } catch (error) {
          if (!refused(error)) throw error;
          unbatchable.add(text);
          alone.push(read);
        }
      }
      if (sent.length > 1)
        results = (await rememberingQuery(client, { text: executes.join(';\n') }, names)) as pg.QueryResult[];
    }
  } catch (error) {
    // A refusal leaves the connection ready for the next query; anything else (a lost connection) is not kept.
    if (!refused(error)) broken = error as Error;
  } finally {
    client.release(broken);
  }
  if (together.length < 2) {
    await Promise.all(alone.map((read) => readAlone(em, read)));
    return;
  }
  const answered = results?.length === sent.length;
  if (answered) sent.forEach((read, i) => read.resolve(results![i]!.rows));
  // Every read not answered runs alone: also those never sent (the connection lost while preparing).
  const unanswered = together.filter((read) => !(answered && sent.includes(read)) && !alone.includes(read));
  await Promise.all([...unanswered, ...alone].map((read) => readAlone(em, read)));
}

/** A column of a row description, as node-postgres gives it. */
interface FieldDescription {
  name: string;
  dataTypeID: number;
  format: string;
}

/** What node-postgres works out from a row description, kept for the statement that answered with it. */
interface Described {
  fields: FieldDescription[];
  parsers: unknown[];
  prebuilt: object;
}

/** The internals of node-postgres's Query (lib/query.js, lib/result.js) that `rememberingQuery` reads and sets. */
interface QueryInternals {
  _result: { fields: FieldDescription[]; _parsers: unknown[]; _prebuiltEmptyResultObject: object };
  _accumulateRows: unknown;
  callback?: unknown;
  _checkForMultirow(): void;
  listeners(event: string): unknown[];
  handleRowDescription(msg: { fields: FieldDescription[] }): void;
  handleCommandComplete(msg: unknown, connection: unknown): void;
}
type QueryClass = new (
  config: pg.QueryConfig,
  values: undefined,
  callback: (error: Error | null, result: unknown) => void,
) => QueryInternals;
type RememberingClass = new (
  config: pg.QueryConfig,
  names: readonly (string | undefined)[],
  described: Map<string, Described>,
  callback: (error: Error | null, result: unknown) => void,
) => QueryInternals;

/**
 * Each connection's statements' row descriptions and what was worked out from them, by statement name: per connection,
 * as its statements are prepared and its type parsers set (node-postgres gives each client its own).
 */
const describedOn = new WeakMap<pg.PoolClient, Map<string, Described>>();
const rememberingClasses = new WeakMap<QueryClass, RememberingClass>();

/**
 * `client.query(config)` for statements prepared by name (`names`: the name of each statement of the message, in
 * order, undefined for one whose description is not to be kept, such as BEGIN or COMMIT), reading
 * each result with the parsers and empty row node-postgres worked out the first time that statement answered. It works
 * them out again for every result (a parser per column and a row object built name by name, about 45 for an invoice):
 * 7 % of an invoice save's CPU, for descriptions that do not change while a prepared statement lives. A description
 * that differs from the one kept (any column's name, type or format) is worked out anew and kept instead.
 */
export function rememberingQuery(
  client: pg.PoolClient,
  config: pg.QueryConfig,
  names: readonly (string | undefined)[],
): Promise<pg.QueryResult | pg.QueryResult[]> {
  const Remembering = rememberingClassOf(client);
  if (!Remembering) return client.query(config) as Promise<pg.QueryResult | pg.QueryResult[]>;
  let described = describedOn.get(client);
  if (!described) {
    described = new Map();
    describedOn.set(client, described);
  }
  const kept = described;
  return new Promise((resolve, reject) => {
    const query = new Remembering(config, names, kept, (error, result) =>
      error ? reject(error) : resolve(result as pg.QueryResult | pg.QueryResult[]),
    );
    void client.query(query as unknown as pg.QueryConfig);
  });
}

/** One statement prepared by name (planned once per connection) on `client`, its description remembered. */
export async function queryNamed<R extends object>(
  client: pg.PoolClient,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult<R>> {
  const name = statementName(text);
  return (await rememberingQuery(client, { name, text, values }, [name])) as pg.QueryResult<R>;
}

function rememberingClassOf(client: pg.PoolClient): RememberingClass | undefined {
  const Base = (client.constructor as unknown as { Query?: QueryClass }).Query;
  if (!Base) return undefined;
  let Remembering = rememberingClasses.get(Base);
  if (!Remembering) {
    Remembering = class extends (Base as unknown as new (...args: unknown[]) => QueryInternals) {
      readonly names: readonly (string | undefined)[];
      readonly described: Map<string, Described>;
      /** Results completed so far: the next row description is that of `names[completed]`. */
      completed = 0;

      constructor(
        config: pg.QueryConfig,
        names: readonly (string | undefined)[],
        described: Map<string, Described>,
        callback: (error: Error | null, result: unknown) => void,
      ) {
        super(config, undefined, callback);
        this.names = names;
        this.described = described;
      }

      override handleRowDescription(msg: { fields: FieldDescription[] }): void {
        const name = this.names[this.completed];
        const kept = name === undefined ? undefined : this.described.get(name);
        if (!kept || !sameFields(kept.fields, msg.fields)) {
          super.handleRowDescription(msg);
          if (name === undefined) return;
          const { _parsers: parsers, _prebuiltEmptyResultObject: prebuilt } = this._result;
          this.described.set(name, { fields: msg.fields, parsers, prebuilt });
          return;
        }
        // What Query.handleRowDescription does, with Result.addFields's work taken from the first time.
        this._checkForMultirow();
        this._result.fields = msg.fields;
        this._result._parsers = kept.parsers;
        this._result._prebuiltEmptyResultObject = kept.prebuilt;
        this._accumulateRows = this.callback || !this.listeners('row').length;
      }

      override handleCommandComplete(msg: unknown, connection: unknown): void {
        super.handleCommandComplete(msg, connection);
        this.completed++;
      }
    };
    rememberingClasses.set(Base, Remembering);
  }
  return Remembering;
}

function sameFields(kept: FieldDescription[], fields: FieldDescription[]): boolean {
  if (kept.length !== fields.length) return false;
  for (let i = 0; i < fields.length; i++) {
    const a = kept[i]!;
    const b = fields[i]!;
    if (a.name !== b.name || a.dataTypeID !== b.dataTypeID || a.format !== b.format) return false;
  }
  return true;
}

/** An error PostgreSQL answered with (the connection stays usable), rather than one of the connection. */
function refused(error: unknown): boolean {
  return error instanceof Error && 'severity' in error;
}

/** Statements PostgreSQL would not prepare by SQL PREPARE: they run alone (bounded by the statements the code has). */
const unbatchable = new Set<string>();

/** The statements prepared by SQL PREPARE on each connection of the pool (transaction.ts and `readTogether`). */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/**
 * `text` prepared by SQL (PREPARE, once per connection) and the EXECUTE of it with `literals`: the simple protocol takes
 * several statements in one message (the extended one does not), and PostgreSQL plans the statement once per
 * connection instead of at every call. PREPARE is not undone by a rollback, so once prepared it stays. The `_c` suffix
 * keeps these apart from the extended protocol's statements of the same text (both share one namespace).
 */
export async function executeOf(client: pg.PoolClient, text: string, literals: string[]): Promise<string> {
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Set<string>();
    preparedOn.set(client, prepared);
  }
  const name = executedName(text);
  if (!prepared.has(name)) {
    await client.query(`prepare ${name} as ${text}`);
    prepared.add(name);
  }
  return literals.length ? `execute ${name}(${literals.join(', ')})` : `execute ${name}`;
}

/** The name `executeOf` prepares `text` under. */
export function executedName(text: string): string {
  return `${statementName(text)}_c`;
}

/** A value as a literal, for an EXECUTE (see `executeOf`); undefined for one it has no literal for. */
export function literalOf(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'string') return escapeLiteral(value);
  if (value instanceof Date) return escapeLiteral(value.toISOString());
  return undefined;
}

/** `values` as literals, or undefined when one has none. */
export function literalsOf(values: unknown[]): string[] | undefined {
  const literals = values.map(literalOf);
  return literals.every((literal) => literal !== undefined) ? (literals as string[]) : undefined;
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
  const byStep: PlainMapper = (row) => {
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
  mapper = literalMapper(steps, parents, byStep) ?? byStep;
  plainMappers.set(meta, mapper);
  return mapper;
}

const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * The same mapping as `byStep` for a row that has every column (a `select *` or `returning *`), made as one object
 * literal by a function written for the entity (as MikroORM writes its hydrators): every row gets the same shape at
 * once instead of growing one property at a time, which was a third of a list page's mapping (issue 23). A row that
 * lacks a column is mapped by `byStep`. Null when a name is not a plain identifier (none is today).
 */
function literalMapper(steps: PlainStep[], parents: string[], byStep: PlainMapper): PlainMapper | null {
  const names = [...parents, ...steps.map((step) => step.name)];
  if (!names.every((name) => PLAIN_NAME.test(name) && name !== '__proto__')) return null;
  const value = (i: number) => `v${i} === null ? null : c${i}(v${i})`;
  const members = (parent: string | null) =>
    steps.flatMap((step, i) => (step.parent === parent ? [`${step.name}: ${value(i)}`] : []));
  const literal = [...parents.map((parent) => `${parent}: { ${members(parent).join(', ')} }`), ...members(null)];
  const body = `
    ${steps.map((_, i) => `const c${i} = steps[${i}].convert;`).join('\n')}
    return (row) => {
      ${steps.map((step, i) => `const v${i} = row[${JSON.stringify(step.field)}];`).join('\n')}
      if (${steps.map((_, i) => `v${i} === undefined`).join(' || ') || 'false'}) return byStep(row);
      return { ${literal.join(', ')} };
    };`;
  return new Function('steps', 'byStep', body)(steps, byStep) as PlainMapper;
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

/** What `insertOf` adds after the VALUES. */
export interface InsertOptions {
  /** `on conflict (these properties' columns) do update set` every inserted column to the new value. */
  mergeOn?: readonly string[];
  /** `returning *`. */
  returning?: boolean;
}

/**
 * The INSERT MikroORM's query builder writes for `records` (`em.createQueryBuilder(entity).insert(records)`, with
 * `.onConflict(mergeOn).merge()`): the same text and the same values (each converted by its custom type's
 * `convertToDatabaseValue`), without building a query builder for it. For the hottest writes (a new draft, a saved
 * draft's rows), where the builder cost more CPU than PostgreSQL's work (issue 23). The records share one set of
 * properties, in the first record's order; `?` placeholders, as `runSql` takes them.
 */
export function insertOf<E extends object>(
  em: EntityManager,
  entity: EntityName<E>,
  records: readonly object[],
  options: InsertOptions = {},
): { text: string; params: unknown[] } {
  const meta = em.getMetadata().get(entity);
  const platform = em.getPlatform();
  const first = records[0];
  if (!first) throw new Error('insertOf: nothing to insert');
  const keys = Object.keys(first);
  const props = keys.map((key) => {
    const prop = meta.properties[key as keyof typeof meta.properties] as EntityProperty | undefined;
    if (
      !prop ||
      prop.kind !== ReferenceKind.SCALAR ||
      prop.fieldNames?.length !== 1 ||
      prop.hasConvertToDatabaseValueSQL
    )
      throw new Error(`insertOf: ${meta.className}.${key} is not a plain column`);
    return prop;
  });
  const params: unknown[] = [];
  for (const record of records) {
    const values = record as Record<string, unknown>;
    if (Object.keys(values).length !== keys.length) throw new Error('insertOf: the records differ in their properties');
    props.forEach((prop, i) => {
      const value = values[keys[i]!];
      if (value === undefined) throw new Error(`insertOf: ${meta.className}.${prop.name} is missing`);
      params.push(
        prop.customType
          ? prop.customType.convertToDatabaseValue(value, platform, {
              fromQuery: true,
              key: prop.name,
              mode: 'query-data',
            })
          : value,
      );
    });
  }
  const columns = props.map((prop) => `"${prop.fieldNames[0]}"`);
  const tuple = `(${columns.map(() => '?').join(', ')})`;
  let text = `insert into "${meta.tableName}" (${columns.join(', ')}) values ${records.map(() => tuple).join(', ')}`;
  if (options.mergeOn) {
    const conflict = options.mergeOn.map(
      (key) => `"${(meta.properties[key as keyof typeof meta.properties] as EntityProperty).fieldNames[0]}"`,
    );
    text += ` on conflict (${conflict.join(', ')}) do update set ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}`;
  }
  if (options.returning) text += ' returning *';
  return { text, params };
}
