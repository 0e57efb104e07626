// Values made from the contract's own schemas, for the fuzzing suite: fast-check arbitraries of values a schema
// accepts (so a request gets past the router into the handlers), and the ways to break each field of a request
// (so the router must refuse it, naming the field).
import fc from 'fast-check';
import { resolveSchema } from './contract-requests.ts';

type Schema = Record<string, unknown>;

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

/** `allOf` branches merged into one schema (the contract uses allOf to add a default or a description to a $ref). */
function flatten(schema: unknown): Schema {
  const node = resolveSchema(schema);
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...rest } = node;
  return (allOf as unknown[]).reduce<Schema>((merged, branch) => ({ ...flatten(branch), ...merged }), rest);
}

/** Text as people type it: ASCII, Swedish letters, accents, emoji, right-to-left, combining marks. */
const humanText = (minLength: number, maxLength: number) =>
  fc.oneof(
    fc.string({ minLength, maxLength, unit: 'grapheme-ascii' }),
    fc.string({
      minLength,
      maxLength,
      unit: fc.constantFrom('a', 'Å', 'ä', 'Ö', 'é', ' ', '-', '1', '🌲', 'שׁ', 'ع', 'e\u0301', '\u200d', '\u00a0', 'ß'),
    }),
  );

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 60, 300);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'date':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'date-time':
      return fc
        .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
        .map((d) => d.toISOString());
  }
  if (typeof schema.pattern === 'string') {
    // Only the schema's own bounds: a pattern of a fixed length past the default cap of 60 (a 64-digit hex fingerprint)
    // would otherwise filter out every string it makes, and generation would never end.
    const longest = (schema.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY;
    return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= longest);
  }
  return humanText(minLength, maxLength);
}

/** Values `schema` accepts (for `pattern` and `format`, as far as the contract's few of them go). */
export function validValue(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const node = flatten(schema);
  if (depth > 8) return fc.constant(null);
  if ('const' in node) return fc.constant(node.const);
  if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
  const branches = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
  if (branches) return fc.oneof(...branches.map((branch) => validValue(branch, depth + 1)));
  const types = typesOf(node);
  if (types.length > 1) return fc.oneof(...types.map((type) => validValue({ ...node, type }, depth + 1)));
  switch (types[0]) {
    case 'string':
      return stringArbitrary(node);
    case 'integer': {
      const min =
        (node.minimum as number | undefined) ?? ((node.exclusiveMinimum as number | undefined) ?? -1e9 - 1) + 1;
      const max = (node.maximum as number | undefined) ?? 1e9;
      return fc.oneof(fc.integer({ min, max: Math.min(max, min + 1000) }), fc.integer({ min, max }));
    }
    case 'number': {
      const exclusive = node.exclusiveMinimum as number | undefined;
      const min = (node.minimum as number | undefined) ?? (exclusive !== undefined ? exclusive + 0.01 : -1e6);
      const max = (node.maximum as number | undefined) ?? 1e6;
      // Amounts people type have at most two decimals.
      return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((n) => n / 100);
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const maxLength = Math.min((node.maxItems as number | undefined) ?? 3, 3);
      const minLength = Math.min((node.minItems as number | undefined) ?? 0, maxLength);
      return fc.array(validValue(node.items ?? {}, depth + 1), { minLength, maxLength });
    }
    case 'object':
      return objectArbitrary(node, depth);
  }
  if (node.properties) return objectArbitrary(node, depth);
  return fc.jsonValue({ maxDepth: 2 });
}

function objectArbitrary(node: Schema, depth: number): fc.Arbitrary<unknown> {
  const properties = (node.properties as Record<string, unknown>) ?? {};
  const required = (node.required as string[]) ?? [];
  const record = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, validValue(property, depth + 1)])),
    { requiredKeys: required.filter((name) => name in properties) },
  );
  const extra = node.additionalProperties;
  if (!extra || typeof extra !== 'object') return record;
  const names = flatten(node.propertyNames ?? { type: 'string', minLength: 1, maxLength: 20 });
  const maxKeys = Math.min((node.maxProperties as number | undefined) ?? 3, 3);
  return fc
    .tuple(record, fc.dictionary(stringArbitrary(names), validValue(extra, depth + 1), { maxKeys }))
    .map(([known, more]) => ({ ...more, ...(known as object) }));
}

/** One way to break one field of a request: the field as the router names it, and the change. */
export interface Breakage {
  field: string;
  what: string;
  /** Changes a copy of the valid request's part (`body`, or the path or query values) in place. */
  apply: (part: Record<string, unknown>) => void;
}

const JSON_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'] as const;
const SAMPLE_OF: Record<(typeof JSON_TYPES)[number], unknown> = {
  string: 'text',
  integer: 12345,
  number: 1.5,
  boolean: true,
  object: { unexpected: 1 },
  array: [1],
  null: null,
};

/** The JSON types a schema accepts, through its branches; empty when it does not say (anything goes). */
function acceptedTypes(schema: unknown): Set<string> {
  const node = flatten(schema);
  const branches = (node.oneOf ?? node.anyOf) as unknown[] | undefined;
  if (branches) return new Set(branches.flatMap((branch) => [...acceptedTypes(branch)]));
  if (Array.isArray(node.enum)) return new Set((node.enum as unknown[]).map((v) => (v === null ? 'null' : typeof v)));
  const types = typesOf(node);
  if (!types.length && node.properties) return new Set(['object']);
  if (types.includes('number')) types.push('integer');
  return new Set(types);
}

/** The values that break a value of `schema`, each refused by the contract alone. */
function brokenValues(schema: unknown, inUrl: boolean): { what: string; value: unknown }[] {
  const node = flatten(schema);
  const out: { what: string; value: unknown }[] = [];
  const add = (what: string, value: unknown) =>
    out.push({ what, value: inUrl && typeof value !== 'string' ? String(value) : value });
  const accepted = acceptedTypes(node);
  if (accepted.size) {
    if (inUrl) {
      // In a URL everything is text: only a value that cannot be read as the type is the wrong type.
      if (!accepted.has('string')) add('of the wrong type', 'not-a-number');
    } else {
      const wrong = JSON_TYPES.find((type) => !accepted.has(type) && !(type === 'integer' && accepted.has('number')));
      if (wrong) add('of the wrong type', SAMPLE_OF[wrong]);
    }
  }
  if (Array.isArray(node.enum)) add('outside its values', 'not-one-of-the-values');
  if (typeof node.maxLength === 'number') add(`over ${node.maxLength} characters`, 'x'.repeat(node.maxLength + 1));
  if (typeof node.minLength === 'number' && node.minLength > 0) add('too short', '');
  if (typeof node.maximum === 'number') add(`above ${node.maximum}`, node.maximum + 1);
  if (typeof node.minimum === 'number') add(`below ${node.minimum}`, node.minimum - 1);
  if (typeof node.exclusiveMinimum === 'number') add(`not above ${node.exclusiveMinimum}`, node.exclusiveMinimum);
  if (node.format === 'uuid') add('not a uuid', 'not-a-uuid');
  if (node.format === 'date') add('not a date', '2024-02-30x');
  if (typeof node.pattern === 'string') add('not matching its pattern', '!');
  if (typeof node.maxItems === 'number') add(`over ${node.maxItems} items`, Array(node.maxItems + 1).fill(null));
  return out;
}

/**
 * Every way to break the request `valid` of an operation field by field: each field present in it (or declared by its
 * object) given a value of the wrong type, over its length or range, outside its values; each required field left
 * out; an unknown field added to each object that allows none.
 */
export function breakages(part: 'body' | 'query' | 'path', schema: unknown, valid: unknown): Breakage[] {
  const out: Breakage[] = [];
  const inUrl = part !== 'body';
  const walk = (node: unknown, value: unknown, path: (string | number)[]) => {
    const schemaNode = flatten(node);
    const branches = (schemaNode.oneOf ?? schemaNode.anyOf) as unknown[] | undefined;
    if (branches) {
      // Into the branch the valid value takes: an object value, the branch with properties.
      const taken =
        value !== null && typeof value === 'object' ? branches.find((branch) => flatten(branch).properties) : undefined;
      if (taken) walk({ ...flatten(taken) }, value, path);
      return;
    }
    if (Array.isArray(value) && schemaNode.items && value.length) walk(schemaNode.items, value[0], [...path, 0]);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return;
    const properties = (schemaNode.properties as Record<string, unknown>) ?? {};
    const required = (schemaNode.required as string[]) ?? [];
    const field = (name: string | number) => [part, ...path, name].join('.');
    for (const [name, property] of Object.entries(properties)) {
      const set = (replacement: unknown) => (target: Record<string, unknown>) => {
        const parent = path.reduce<Record<string, unknown>>((n, key) => n[key] as Record<string, unknown>, target);
        parent[name] = replacement;
      };
      for (const { what, value: broken } of brokenValues(property, inUrl))
        out.push({ field: field(name), what, apply: set(broken) });
      if (required.includes(name) && !inUrl) {
        out.push({
          field: field(name),
          what: 'left out',
          apply: (target) => {
            const parent = path.reduce<Record<string, unknown>>((n, key) => n[key] as Record<string, unknown>, target);
            delete parent[name];
          },
        });
      }
      if (name in (value as object)) walk(property, (value as Record<string, unknown>)[name], [...path, name]);
    }
    if (schemaNode.additionalProperties === false && !inUrl) {
      out.push({
        field: field('unexpectedField'),
        what: 'not a field of the contract',
        apply: (target) => {
          const parent = path.reduce<Record<string, unknown>>((n, key) => n[key] as Record<string, unknown>, target);
          parent.unexpectedField = 1;
        },
      });
    }
  };
  walk(schema, valid, []);
  return out;
}
