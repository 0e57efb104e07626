// The three kinds of customer (docs/product/customers.md#kinds) and how screens name them.
import type { components } from '@frilo/openapi/client';

export type Customer = components['schemas']['Customer'];
export type CustomerType = components['schemas']['CustomerType'];
export type InvoiceLanguage = components['schemas']['Locale'];

export const CUSTOMER_TYPES = ['individual', 'organization', 'non_profit'] as const satisfies readonly CustomerType[];

export function isCustomerType(value: unknown): value is CustomerType {
  return (CUSTOMER_TYPES as readonly unknown[]).includes(value);
}

/** The translation key of a customer type; unknown values fall back to organization. */
export function customerTypeKey(type: string): `types.${CustomerType}` {
  return `types.${isCustomerType(type) ? type : 'organization'}`;
}
