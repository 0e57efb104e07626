// The three kinds of customer (spec §1) and how the list names them.

export const CUSTOMER_TYPES = ['individual', 'organization', 'non_profit'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];

/** The translation key of a customer type; unknown values fall back to organization. */
export function customerTypeKey(type: string): `types.${CustomerType}` {
  const known = (CUSTOMER_TYPES as readonly string[]).includes(type) ? (type as CustomerType) : 'organization';
  return `types.${known}`;
}
