// The customer list's state in the URL (`?q=volvo&type=organization&sort=createdAt&order=desc&page=2&after=…`):
// what it filters by, its sort choices and its page size. Reading, writing and paging are the kit's
// (@frilo/ui/list/list-query).
import { defineListQuery, oneOf, type ListQuery as KitListQuery } from '@frilo/ui/list/list-query';
import { CUSTOMER_TYPES, type CustomerType } from '../../../lib/customer-types.ts';

export type SortField = 'name' | 'createdAt' | 'updatedAt';

/** The sort choices offered, as one select: a field and a direction each (the first is the default). */
export const SORT_OPTIONS = [
  { value: 'name-asc', sort: 'name', order: 'asc' },
  { value: 'name-desc', sort: 'name', order: 'desc' },
  { value: 'createdAt-desc', sort: 'createdAt', order: 'desc' },
  { value: 'createdAt-asc', sort: 'createdAt', order: 'asc' },
  { value: 'updatedAt-desc', sort: 'updatedAt', order: 'desc' },
] as const;

export const customerList = defineListQuery<{ type: CustomerType }, SortField>({
  filters: { type: oneOf('type', CUSTOMER_TYPES) },
  sortOptions: SORT_OPTIONS,
  pageSize: 20,
});

export type ListQuery = KitListQuery<{ type: CustomerType }, SortField>;
