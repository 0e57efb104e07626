// plainOf against MikroORM's own em.map: for every entity it covers, any row of its table (values as node-postgres
// hands them over) becomes the same values, property by property, as the entity em.map fills.
import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { type EntityProperty, ReferenceKind } from '@mikro-orm/core';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import { entities } from '../../entities.ts';
import { numbered, plainOf } from './sql.ts';

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
});

describe('numbered', () => {
  test('an array is one placeholder per element', () => {
    assert.deepEqual(numbered('select ? where x in (?)', [1, [2, 3]]), {
      text: 'select $1 where x in ($2, $3)',
      values: [1, 2, 3],
    });
  });
});
