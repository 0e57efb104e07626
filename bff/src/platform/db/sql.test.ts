// plainOf against MikroORM's own em.map: for every entity it covers, any row of its table (values as node-postgres
// hands them over) becomes the same values, property by property, as the entity em.map fills. preparedRows against a
// real PostgreSQL: reads asked together travel in one message and answer as each would alone, failures included.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import pg from 'pg';
import { type EntityProperty, ReferenceKind } from '@mikro-orm/core';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { entities } from '../../entities.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import {
  insertOf,
  nativePool,
  numbered,
  plainOf,
  preparedRows,
  preparedWrite,
  READS_PER_MESSAGE,
  rememberingQuery,
  sqlRows,
} from './sql.ts';

// Metadata only: em.map and plainOf need no connection.
const orm = new MikroORM({ entities: [...entities], clientUrl: 'postgresql://nobody@127.0.0.1:9/none' });
after(() => orm.close(true));

/** A value of the column as node-postgres parses it (int8 and numeric as text, timestamptz as a Date, jsonb parsed). */
function columnValue(prop: EntityProperty): fc.Arbitrary<unknown> {
  const type = prop.customType?.constructor.name ?? prop.runtimeType;
  const value: fc.Arbitrary<unknown> = (() => {
    switch (type) {
      case 'UuidType':
        return fc.uuid();
      case 'BigIntType':
        return fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
      case 'DecimalType':
        return fc
          .tuple(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), fc.nat(99))
          .map(([whole, cents]) => `${whole}.${String(cents).padStart(2, '0')}`);
      case 'DateType':
        return fc
          .date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10));
      case 'JsonType':
        return fc.jsonValue();
      case 'ArrayType':
        return fc.array(fc.integer({ min: -32768, max: 32767 }), { maxLength: 5 });
      case 'boolean':
        return fc.boolean();
      case 'Date':
        return fc.date({ noInvalidDate: true });
      case 'number':
        return fc.integer();
      case 'string':
        return fc.string({ unit: 'grapheme', maxLength: 40 });
      default:
        return fc.constant(`${type} is not generated`);
    }
  })();
  return prop.nullable ? fc.option(value, { nil: null }) : value;
}

function rowOf(em: EntityManager, entity: object): fc.Arbitrary<Record<string, unknown>> {
  const columns: Record<string, fc.Arbitrary<unknown>> = {};
  for (const prop of em.getMetadata().get(entity as never).props) {
    if (prop.kind === ReferenceKind.SCALAR) columns[prop.fieldNames[0]!] = columnValue(prop);
  }
  return fc.record(columns);
}

/** The entity's values as plain data: its own properties, an embeddable as a plain object. */
function valuesOf(em: EntityManager, entity: object, instance: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const prop of em.getMetadata().get(entity as never).props) {
    if (prop.embedded) continue;
    const value = instance[prop.name];
    out[prop.name] = prop.kind === ReferenceKind.EMBEDDED && value ? { ...(value as object) } : value;
  }
  return out;
}

function entityNamed(name: string): (typeof entities)[number] {
  const entity = entities.find((e) => e.meta.className === name);
  if (!entity) throw new Error(`no entity ${name}`);
  return entity;
}

describe('plainOf', () => {
  // The tables plainRows reads (modules' entities by name: platform/ does not import a module).
  const read = ['Invoice', 'InvoiceRow', 'InvoiceExpense', 'Customer'].map(entityNamed);
  const covered = entities.filter((entity) => {
    try {
      plainOf(orm.em.fork(), entity, {});
      return true;
    } catch {
      return false;
    }
  });

  test('covers the entities read with plainRows (every table, today), and refuses what is not a table', () => {
    for (const entity of read) assert.ok(covered.includes(entity), `${entity.meta.className} is covered`);
    const address = entityNamed('CustomerAddress');
    assert.ok(!covered.includes(address));
    assert.throws(() => plainOf(orm.em.fork(), address, {}), /embeddable/);
  });

  for (const entity of covered) {
    test(`${entity.meta.className}: any row becomes what em.map makes of it`, () => {
      const em = orm.em.fork();
      fc.assert(
        fc.property(rowOf(em, entity), (row) => {
          const plain = plainOf(em, entity, { ...row }) as Record<string, unknown>;
          const mapped = em.fork().map(entity, { ...row }) as Record<string, unknown>;
          assert.deepStrictEqual(plain, valuesOf(em, entity, mapped));
        }),
        { numRuns: read.includes(entity) ? 300 : 30 },
      );
    });
  }

  test('a row without some of its columns gets the properties of the columns it has, as a whole row would', () => {
    for (const entity of read) {
      const em = orm.em.fork();
      const props = em
        .getMetadata()
        .get(entity as never)
        .props.filter((p) => p.kind === ReferenceKind.SCALAR);
      fc.assert(
        fc.property(
          rowOf(em, entity),
          fc.array(fc.boolean(), { minLength: props.length, maxLength: props.length }),
          (row, keep) => {
            const partial = Object.fromEntries(Object.entries(row).filter((_, i) => keep[i]));
            const whole = plainOf(em, entity, { ...row }) as Record<string, Record<string, unknown>>;
            const expected: Record<string, unknown> = {};
            for (const prop of em.getMetadata().get(entity as never).props) {
              if (prop.kind === ReferenceKind.EMBEDDED) expected[prop.name] = {};
            }
            for (const prop of props) {
              if (!(prop.fieldNames[0]! in partial)) continue;
              const [parent, name] = prop.embedded ?? [null, prop.name];
              if (parent === null) expected[name] = whole[name];
              else (expected[parent] as Record<string, unknown>)[name] = whole[parent]![name];
            }
            assert.deepStrictEqual(plainOf(em, entity, partial), expected);
          },
        ),
        { numRuns: 100 },
      );
    }
  });
});

/** A value of the property as the code holds it (what an insert is given). */
function propertyValue(prop: EntityProperty): fc.Arbitrary<unknown> {
  const type = prop.customType?.constructor.name ?? prop.runtimeType;
  const value: fc.Arbitrary<unknown> = (() => {
    switch (type) {
      case 'BigIntType':
        return fc.maxSafeInteger();
      case 'Date':
        return fc.date({ noInvalidDate: true });
      default:
        return columnValue({ ...prop, nullable: false } as EntityProperty);
    }
  })();
  return prop.nullable ? fc.option(value, { nil: null }) : value;
}

describe('insertOf', () => {
  const tables = entities.filter((entity) => !entity.meta.embeddable);

  for (const entity of tables) {
    test(`${entity.meta.className}: the text and values MikroORM's query builder writes, for any records`, () => {
      const em = orm.em.fork();
      const meta = em.getMetadata().get(entity as never);
      const props = meta.props.filter((prop) => prop.kind === ReferenceKind.SCALAR && !prop.embedded);
      const records = fc
        .tuple(fc.subarray(props, { minLength: 1 }), fc.integer({ min: 1, max: 3 }), fc.boolean())
        .chain(([chosen, count, merge]) =>
          fc.tuple(
            fc.array(fc.record(Object.fromEntries(chosen.map((prop) => [prop.name, propertyValue(prop)]))), {
              minLength: count,
              maxLength: count,
            }),
            fc.constant(merge ? meta.primaryKeys : undefined),
          ),
        );
      fc.assert(
        fc.property(records, ([rows, mergeOn]) => {
          const ours = insertOf(em, entity, rows as never, mergeOn ? { mergeOn } : {});
          let qb = em.createQueryBuilder(entity).insert(rows as never);
          if (mergeOn) qb = qb.onConflict(mergeOn as never).merge() as never;
          // The builder asks for the generated columns back (`returning "id"`); insertOf only when told.
          assert.equal(ours.text, qb.getQuery().replace(/ returning .*$/, ''));
          assert.deepStrictEqual(ours.params, qb.getParams());
        }),
        { numRuns: 60 },
      );
    });
  }

  test('records that differ in their properties, or a property that is not a column, are refused', () => {
    const em = orm.em.fork();
    const row = entityNamed('InvoiceRow');
    assert.throws(() => insertOf(em, row, [{ position: 1 }, { description: 'x' }] as never), /position is missing/);
    assert.throws(() => insertOf(em, row, [{ position: 1 }, { position: 2, description: 'x' }] as never), /differ/);
    assert.throws(() => insertOf(em, row, [{ nothing: 1 }] as never), /not a plain column/);
    assert.throws(() => insertOf(em, row, []), /nothing/);
  });
});

describe('numbered', () => {
  test('an array is one placeholder per element', () => {
    assert.deepEqual(numbered('select ? where x in (?)', [1, [2, 3]]), {
      text: 'select $1 where x in ($2, $3)',
      values: [1, 2, 3],
    });
  });
});

describe('preparedRows: reads asked together', () => {
  let t: TestApp;
  const em = () => t.services.orm.em.fork() as EntityManager;
  /** The messages sent to PostgreSQL while `work` runs (each `query` of a connection is one). */
  async function messages<T>(work: () => Promise<T>): Promise<{ result: T; sent: string[] }> {
    const { Client } = (await nativePool(em())) as unknown as {
      Client: { prototype: { query: (...args: unknown[]) => unknown } };
    };
    const query = Client.prototype.query;
    const sent: string[] = [];
    Client.prototype.query = function (this: unknown, ...args: unknown[]) {
      const first = args[0];
      sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
      return query.apply(this, args);
    };
    try {
      return { result: await work(), sent };
    } finally {
      Client.prototype.query = query;
    }
  }

  before(async () => {
    t = await createTestApp();
    await sqlRows(em(), `create table "read_probe" ("id" int primary key, "label" text not null)`);
    await sqlRows(em(), `insert into "read_probe" values (1, 'one'), (2, 'two')`);
  });
  after(async () => t?.close());

  const byId = (db: EntityManager, id: number) =>
    preparedRows<{ label: string }>(db, `select "label" from "read_probe" where "id" = ?`, [id]);
  const echo = (db: EntityManager, value: string) =>
    preparedRows<{ value: string }>(db, `select ?::text as "value"`, [value]);

  test('three reads of one Promise.all go in one message (once prepared) and answer each its own', async () => {
    const db = em();
    // The first time on a connection prepares them (a message each); after that, one message for all three.
    await Promise.all([byId(db, 1), byId(db, 2), echo(db, 'x')]);
    for (let i = 0; i < 25; i++) {
      const { result, sent } = await messages(() => Promise.all([byId(db, 1), byId(db, 2), echo(db, `it's ${i}`)]));
      assert.deepEqual(result, [[{ label: 'one' }], [{ label: 'two' }], [{ value: `it's ${i}` }]]);
      // Nothing else: no read ran again alone.
      const [message, ...others] = sent.filter((text) => !text.startsWith('prepare '));
      assert.deepEqual(others, []);
      assert.equal(message!.match(/execute frilo_/g)?.length, 3, message);
    }
  });

  test('reads asked one after the other go alone; reads of several requests in one turn go together', async () => {
    const apart = await messages(async () => {
      await byId(em(), 1);
      await byId(em(), 2);
    });
    assert.equal(apart.sent.filter((text) => text.includes('execute frilo_')).length, 0, apart.sent.join('\n'));
    assert.equal(apart.sent.length, 2);
    // Two requests (an EntityManager each), each asking in a callback of its own within one turn of the event loop,
    // as a busy server's turn runs the callbacks of many requests.
    await Promise.all([byId(em(), 1), byId(em(), 2)]);
    const { result, sent } = await messages(
      () =>
        new Promise<unknown[]>((resolve, reject) => {
          const answers: Promise<unknown>[] = [];
          let calls = 0;
          const ask = (id: number) => () => {
            answers.push(byId(em(), id));
            if (++calls === 2) Promise.all(answers).then(resolve, reject);
          };
          process.nextTick(ask(1));
          process.nextTick(ask(2));
        }),
    );
    assert.deepEqual(result, [[{ label: 'one' }], [{ label: 'two' }]]);
    const [message, ...others] = sent.filter((text) => !text.startsWith('prepare '));
    assert.deepEqual(others, []);
    assert.equal(message!.match(/execute frilo_/g)?.length, 2, message);
  });

  test(`a turn's reads go in messages of at most ${READS_PER_MESSAGE}, each read answered its own`, async () => {
    const count = READS_PER_MESSAGE * 2 + 3;
    const ask = () => Array.from({ length: count }, (_, i) => echo(em(), `read ${i}`));
    await Promise.all(ask());
    const { result, sent } = await messages(() => Promise.all(ask()));
    assert.deepEqual(
      result,
      Array.from({ length: count }, (_, i) => [{ value: `read ${i}` }]),
    );
    const executes = sent
      .filter((text) => !text.startsWith('prepare '))
      .map((text) => text.match(/execute frilo_/g)?.length);
    // On three connections, in whichever order they were had.
    assert.deepEqual(
      executes.sort((a, b) => a! - b!),
      [3, READS_PER_MESSAGE, READS_PER_MESSAGE],
    );
  });

  test('reads of later turns that wait for a connection go together in the message of the first one free', async () => {
    await Promise.all([byId(em(), 1), byId(em(), 2), echo(em(), 'x')]);
    const pool = (await nativePool(em())) as unknown as pg.Pool & { options: { max: number } };
    // Every connection of the pool busy, as on a server whose transactions hold them all.
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    const { result, sent } = await messages(async () => {
      const asked: Promise<unknown>[] = [];
      for (const ask of [() => byId(em(), 1), () => echo(em(), 'later'), () => byId(em(), 2)]) {
        asked.push(ask());
        // The next read is asked in a later turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (const client of held) client.release();
      return Promise.all(asked);
    });
    assert.deepEqual(result, [[{ label: 'one' }], [{ value: 'later' }], [{ label: 'two' }]]);
    const messagesSent = sent.filter((text) => !text.startsWith('prepare '));
    assert.equal(messagesSent.length, 1, messagesSent.join('\n'));
    assert.equal(messagesSent[0]!.match(/execute frilo_/g)?.length, 3);
  });

  test('reads whose message never went (no connection for it) run alone and answer', async () => {
    const db = em();
    const pool = (await nativePool(db)) as unknown as { connect: () => Promise<unknown> };
    const connect = pool.connect;
    let refusals = 0;
    pool.connect = async () => {
      refusals++;
      pool.connect = connect;
      throw new Error('no connection for the batch');
    };
    try {
      assert.deepEqual(await Promise.all([byId(db, 1), byId(db, 2), echo(db, 'x')]), [
        [{ label: 'one' }],
        [{ label: 'two' }],
        [{ value: 'x' }],
      ]);
      assert.equal(refusals, 1);
    } finally {
      pool.connect = connect;
    }
  });

  test('a read PostgreSQL refuses fails alone: the others of its message still answer', async () => {
    const db = em();
    const [one, bad, two] = await Promise.allSettled([
      byId(db, 1),
      preparedRows(db, `select ?::uuid as "id"`, ['not a uuid']),
      byId(db, 2),
    ]);
    assert.deepEqual(one, { status: 'fulfilled', value: [{ label: 'one' }] });
    assert.equal(bad.status, 'rejected');
    assert.match(String((bad as PromiseRejectedResult).reason), /invalid input syntax for type uuid/);
    assert.deepEqual(two, { status: 'fulfilled', value: [{ label: 'two' }] });
    // The connections serve again.
    assert.deepEqual(await Promise.all([byId(db, 1), byId(db, 2)]), [[{ label: 'one' }], [{ label: 'two' }]]);
  });

  test('a statement answering again on a connection is read with the description it gave first', async () => {
    const pool = await nativePool(em());
    const client = await pool.connect();
    const Query = (client.constructor as unknown as { Query: new (config: object) => { _result: object } }).Query;
    const Result = new Query({ text: 'select 1' })._result.constructor as { prototype: { addFields: () => void } };
    const addFields = Result.prototype.addFields;
    let workedOut = 0;
    let remembered = 0;
    Result.prototype.addFields = function (this: unknown, ...args: unknown[]) {
      workedOut++;
      return (addFields as (...a: unknown[]) => void).apply(this, args);
    };
    try {
      const text = 'select $1::int as "n", $2::text as "label", $3::timestamptz as "at"';
      const name = 'remembered_probe';
      for (let i = 0; i < 5; i++) {
        const at = new Date(Date.UTC(2026, 10, 29, 12, i));
        const values = [i, `row ${i}`, at];
        const before = workedOut;
        const result = (await rememberingQuery(client, { name, text, values }, [name])) as pg.QueryResult;
        remembered += workedOut - before;
        // As node-postgres reads it without a remembered description (with the ORM's parsers: a timestamp as text).
        assert.deepEqual(result.rows, (await client.query({ text, values })).rows);
        assert.equal(result.rows[0].label, `row ${i}`);
        assert.deepEqual(
          result.fields.map((f) => f.name),
          ['n', 'label', 'at'],
        );
      }
      // Worked out the first time only.
      assert.equal(remembered, 1);
    } finally {
      Result.prototype.addFields = addFields;
      client.release();
    }
  });

  test('a remembered description that no longer matches is worked out anew: any columns, any order', async () => {
    const pool = await nativePool(em());
    const client = await pool.connect();
    const columns = {
      int: ['int', fc.integer()],
      text: ['text', fc.string({ maxLength: 20 })],
      bool: ['boolean', fc.boolean()],
      numeric: ['numeric', fc.integer().map(String)],
      json: ['jsonb', fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 })],
      ints: ['int[]', fc.array(fc.integer(), { maxLength: 3 })],
    } as const;
    type Kind = keyof typeof columns;
    const literal = (value: unknown) =>
      Array.isArray(value) ? `{${value.join(',')}}` : typeof value === 'object' ? JSON.stringify(value) : String(value);
    const shape = fc.uniqueArray(
      fc.record({
        name: fc.constantFrom('a', 'b', 'c', 'd'),
        kind: fc.constantFrom(...(Object.keys(columns) as Kind[])),
      }),
      { minLength: 1, maxLength: 4, selector: (column) => column.name },
    );
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            shape.chain((cols) => fc.tuple(fc.constant(cols), fc.tuple(...cols.map((c) => columns[c.kind][1])))),
            {
              minLength: 1,
              maxLength: 4,
            },
          ),
          async (reads) => {
            // Every statement under one name to be remembered by, so each reads with the one before's description
            // unless it is told apart; and all of them in one simple-protocol message, keyed the same.
            const texts = reads.map(
              ([cols, values]) =>
                `select ${cols.map((c, i) => `${pg.escapeLiteral(literal(values[i]))}::${columns[c.kind][0]} as "${c.name}"`).join(', ')}`,
            );
            const expected = await Promise.all(texts.map(async (text) => (await client.query(text)).rows));
            for (const text of texts) {
              const result = (await rememberingQuery(client, { text }, ['shared'])) as pg.QueryResult;
              assert.deepEqual(result.rows, expected[texts.indexOf(text)]);
            }
            if (texts.length > 1) {
              const results = (await rememberingQuery(
                client,
                { text: texts.join(';\n') },
                texts.map(() => 'shared'),
              )) as pg.QueryResult[];
              assert.deepEqual(
                results.map((r) => r.rows),
                expected,
              );
            }
          },
        ),
        { numRuns: 80 },
      );
    } finally {
      client.release();
    }
  });

  // Any character, the ones SQL literals care about often.
  const character = fc.oneof(
    fc.constantFrom("'", '\\', '"', ';', '$', '\n', 'E', '\0'),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  );

  test('any text read together answers as it does alone (quotes, backslashes, any Unicode)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.string({ unit: character, maxLength: 30 }), fc.boolean()), { minLength: 2, maxLength: 6 }),
        async (asked) => {
          const db = em();
          const texts = asked.map(([text]) => text);
          await Promise.all([echo(db, 'prepared'), echo(db, 'on the connections')]);
          // Each read by the same request or by a request of its own: one turn's reads travel together either way.
          const { result: together, sent } = await messages(() =>
            Promise.allSettled(asked.map(([text, own]) => echo(own ? em() : db, text))),
          );
          // PostgreSQL's text holds no NUL: such a message fails and each read runs alone (and fails alone).
          if (!texts.some((text) => text.includes('\0')))
            assert.equal(sent.filter((text) => !text.startsWith('prepare ')).length, 1, sent.join('\n'));
          for (const [i, text] of texts.entries()) {
            const alone = await Promise.allSettled([echo(em(), text)]);
            assert.deepEqual(together[i]!.status, alone[0]!.status, JSON.stringify(text));
            if (together[i]!.status === 'fulfilled')
              assert.deepEqual(together[i], { status: 'fulfilled', value: [{ value: text }] });
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  test('a write never travels with reads, so a failed message never runs it twice', async () => {
    const db = em();
    const { result, sent } = await messages(() =>
      Promise.all([
        byId(db, 1),
        preparedWrite<{ id: number }>(db, `insert into "read_probe" values (?, ?) returning "id"`, [3, 'three']),
        byId(db, 2),
      ]),
    );
    assert.deepEqual(result[1], [{ id: 3 }]);
    assert.ok(sent.every((text) => !(text.includes('execute frilo_') && text.includes('insert'))));
    assert.deepEqual(await byId(em(), 3), [{ label: 'three' }]);
  });

  test('a write answers its own rows each time it runs, and one PostgreSQL refuses fails alone', async () => {
    const insert = `insert into "read_probe" values (?, ?) returning "id", "label", ? :: int as "extra"`;
    // The same statement many times (its row description kept after the first on each connection), concurrently.
    const written = await Promise.all(
      [10, 11, 12, 13, 14, 15].map((id) =>
        preparedWrite<{ id: number; label: string; extra: number }>(em(), insert, [id, `w${id}`, id * 2]),
      ),
    );
    assert.deepEqual(
      written,
      [10, 11, 12, 13, 14, 15].map((id) => [{ id, label: `w${id}`, extra: id * 2 }]),
    );
    // A duplicate key: that write is refused with PostgreSQL's error; the pool goes on answering.
    await assert.rejects(preparedWrite(em(), insert, [10, 'again', 0]), { code: '23505' });
    assert.deepEqual(await preparedWrite(em(), insert, [16, 'w16', 32]), [{ id: 16, label: 'w16', extra: 32 }]);
    assert.deepEqual(await byId(em(), 10), [{ label: 'w10' }]);
  });
});
