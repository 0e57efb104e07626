// What text a client may send: no NUL, no other control characters (tab and newline only where the contract marks
// a string `x-multiline: true`), no lone UTF-16 surrogates. The contract router applies it to the path, query and
// body of every operation before validating them, so no handler, database or email ever sees such text.
import type { FieldError } from './problem.ts';

// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
// eslint-disable-next-line no-control-regex
const SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// The same, less tab and newline.
// eslint-disable-next-line no-control-regex
const MULTILINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/;

/** Field paths (`address.note`, `lines.*.text`; `*` for an array index or a map key) that allow tab and newline. */
export type MultilineFields = string[][];

function isSafe(text: string, multiline: boolean): boolean {
  return text.isWellFormed() && !(multiline ? MULTILINE : SINGLE_LINE).test(text);
}

const matches = (pattern: string[], path: string[]) =>
  pattern.length === path.length && pattern.every((segment, i) => segment === '*' || segment === path[i]);

/** A field error (`invalid_characters`) for every string, and every property name, of `value` that is not safe. */
export function unsafeText(
  part: 'body' | 'query' | 'path',
  value: unknown,
  multiline: MultilineFields = [],
): FieldError[] {
  const errors: FieldError[] = [];
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      if (
        !isSafe(
          node,
          multiline.some((pattern) => matches(pattern, path)),
        )
      ) {
        errors.push({
          field: [part, ...path].join('.'),
          code: 'invalid_characters',
          message: 'Contains a control character or an invalid character',
        });
      }
    } else if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, String(index)]));
    } else if (node && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (!isSafe(key, false)) {
          errors.push({
            field: [part, ...path].join('.'),
            code: 'invalid_characters',
            message: 'A property name contains a control character or an invalid character',
          });
          continue;
        }
        walk(item, [...path, key]);
      }
    }
  };
  walk(value, []);
  return errors;
}

/** The fields of a request schema marked `x-multiline: true`, following `$ref`s through `resolve`. */
export function multilineFields(
  schema: unknown,
  resolve: (schema: unknown) => Record<string, unknown>,
): MultilineFields {
  const out: MultilineFields = [];
  const seen = new Set<unknown>();
  const visit = (node: unknown, path: string[]) => {
    const schemaNode = resolve(node);
    if (!schemaNode || typeof schemaNode !== 'object' || seen.has(schemaNode)) return;
    seen.add(schemaNode);
    if (schemaNode['x-multiline'] === true) out.push(path);
    for (const key of ['oneOf', 'anyOf', 'allOf'])
      for (const branch of (schemaNode[key] as unknown[] | undefined) ?? []) visit(branch, path);
    for (const [name, property] of Object.entries((schemaNode.properties as Record<string, unknown>) ?? {}))
      visit(property, [...path, name]);
    if (schemaNode.items) visit(schemaNode.items, [...path, '*']);
    if (schemaNode.additionalProperties && typeof schemaNode.additionalProperties === 'object')
      visit(schemaNode.additionalProperties, [...path, '*']);
    seen.delete(schemaNode);
  };
  visit(schema, []);
  return out;
}
