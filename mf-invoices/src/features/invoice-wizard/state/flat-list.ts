// The kit's forms hold flat string values; a list of rows or expenses is kept in them under the API's
// own paths (`rows[2].unitPrice`), so the BFF's field errors land on the right input without mapping,
// plus a count. Keys past the count may linger after a removal: only the first `count` items count.

export type FlatValues = Record<string, string | boolean>;

export const countKey = (prefix: string) => `${prefix}.count`;
export const itemKey = (prefix: string, index: number, field: string) => `${prefix}[${index}].${field}`;

export function flatten(prefix: string, items: readonly Record<string, string>[]): Record<string, string> {
  const values: Record<string, string> = { [countKey(prefix)]: String(items.length) };
  items.forEach((item, index) => {
    for (const [field, value] of Object.entries(item)) values[itemKey(prefix, index, field)] = value;
  });
  return values;
}

export function countOf(values: FlatValues, prefix: string): number {
  const count = Number(values[countKey(prefix)] ?? 0);
  return Number.isInteger(count) && count > 0 ? count : 0;
}

export function readItems<K extends string>(
  values: FlatValues,
  prefix: string,
  fields: readonly K[],
): Record<K, string>[] {
  return Array.from({ length: countOf(values, prefix) }, (_, index) => {
    const item = {} as Record<K, string>;
    for (const field of fields) {
      const value = values[itemKey(prefix, index, field)];
      item[field] = typeof value === 'string' ? value : '';
    }
    return item;
  });
}

/** Whether two flat lists hold the same items (lingering keys past the count do not matter). */
export function sameItems(a: FlatValues, b: FlatValues, prefix: string, fields: readonly string[]): boolean {
  return JSON.stringify(readItems(a, prefix, fields)) === JSON.stringify(readItems(b, prefix, fields));
}

/** The sets that write `items` over a form's list (with `set` per key, as useForm offers). */
export function listWrites(prefix: string, items: readonly Record<string, string>[]): [string, string][] {
  return Object.entries(flatten(prefix, items));
}
