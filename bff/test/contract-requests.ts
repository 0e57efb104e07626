// Requests built from the contract itself, for tests of rules that hold for every operation (CSRF, security,
// error shapes, text checks): an operation added later is covered without touching the tests.
import { randomUUID } from 'node:crypto';
import contract from '@frilo/openapi/bundled.json' with { type: 'json' };
import { contractOperations, type ContractOperation } from '../src/platform/http/contract.ts';

export const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Every operation of the contract, with the dev mailbox among them (it exists outside production). */
export function everyOperation(): ContractOperation[] {
  return contractOperations();
}

export function everyWrite(): ContractOperation[] {
  return contractOperations().filter((op) => WRITE_METHODS.has(op.method));
}

/**
 * The operation's path with each `{param}` filled in: a fresh UUID, which every path parameter of the contract takes
 * (others say no more than "a string"), or `values[param]` when given.
 */
export function samplePath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? randomUUID()));
}

/** Every distinct path of the contract with the methods it declares. */
export function everyPath(): { path: string; methods: Set<string> }[] {
  const byPath = new Map<string, Set<string>>();
  for (const op of contractOperations()) {
    const methods = byPath.get(op.path) ?? new Set<string>();
    methods.add(op.method);
    byPath.set(op.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({ path, methods }));
}

type Schema = Record<string, unknown>;
const doc = contract as unknown as {
  paths: Record<
    string,
    Record<string, { parameters?: Schema[]; requestBody?: { required?: boolean; content: Record<string, Schema> } }>
  >;
};

/** A schema with its `$ref`s into the contract followed. */
export function resolveSchema(schema: unknown): Schema {
  let current = schema as Schema | undefined;
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Schema | undefined)?.[key], contract) as Schema | undefined;
  }
  return current ?? {};
}

export interface OperationParts {
  /** Path and query parameters, their `$ref`s resolved. */
  parameters: { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  /** The request body's media type and schema, if the operation takes one. */
  body?: { type: string; required: boolean; schema: Schema };
}

/** What the contract says a request of `op` is made of. */
export function operationParts(op: ContractOperation): OperationParts {
  const declared = doc.paths[op.path]![op.method]!;
  const parameters = (declared.parameters ?? [])
    .map(resolveSchema)
    .filter((p) => p.in === 'path' || p.in === 'query')
    .map((p) => ({
      name: p.name as string,
      in: p.in as 'path' | 'query',
      required: Boolean(p.required),
      schema: resolveSchema(p.schema),
    }));
  const content = declared.requestBody?.content ?? {};
  const type = Object.keys(content)[0];
  return {
    parameters,
    ...(type
      ? {
          body: {
            type,
            required: Boolean(declared.requestBody?.required),
            schema: resolveSchema((content[type] as Schema).schema),
          },
        }
      : {}),
  };
}

/**
 * The fields of a request of `op` (as `body.a.0.b`, `query.x`, `path.y`) whose schema `matches`, through `$ref`s,
 * `oneOf`/`anyOf`/`allOf` branches, objects and arrays (an array's items as `0`).
 */
export function fieldsWhere(op: ContractOperation, matches: (schema: Schema) => boolean): string[] {
  const parts = operationParts(op);
  const out = new Set<string>();
  const walk = (schema: unknown, path: string[], depth: number) => {
    const node = resolveSchema(schema);
    if (depth > 12) return;
    if (matches(node)) out.add(path.join('.'));
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const)
      for (const branch of (node[key] as unknown[]) ?? []) walk(branch, path, depth + 1);
    for (const [name, property] of Object.entries((node.properties as Record<string, unknown>) ?? {}))
      walk(property, [...path, name], depth + 1);
    if (node.items) walk(node.items, [...path, '0'], depth + 1);
  };
  for (const parameter of parts.parameters) walk(parameter.schema, [parameter.in, parameter.name], 0);
  if (parts.body) walk(parts.body.schema, ['body'], 0);
  return [...out];
}
