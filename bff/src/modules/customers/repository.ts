// Reads and writes of customers and verification links. The list is hand-written SQL because its shape (count and
// page in one round trip, the page found on ids alone before rows are read, keyset cursors instead of offsets) is
// what keeps it fast at a million rows.
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CustomerType } from '../../domain/customer-details.ts';
import {
  TEXT_KEY,
  TIMESTAMP_KEY,
  keysetPage,
  pageLimit,
  readOrder,
  seekCondition,
  seekOf,
  type SeekColumn,
} from '../../platform/db/keyset.ts';
import { plainRows, preparedRows, sqlRows } from '../../platform/db/sql.ts';
import { ownerSearchKeysMatch } from '../../platform/db/search.ts';
import { Customer, CustomerVerification, type CustomerRecord } from './entities.ts';

export type CustomerSort = 'name' | 'createdAt' | 'updatedAt';

export interface CustomerListQuery {
  q?: string | undefined;
  type?: CustomerType | undefined;
  page: number;
  pageSize: number;
  sort: CustomerSort;
  order: 'asc' | 'desc';
  /** A cursor of a page beside this one (keyset; `page` is then only the number shown). */
  after?: string | undefined;
  before?: string | undefined;
}

/** The sort columns: each pair matches one of the migration's (owner_id, …, id) indexes, so no sort step runs. */
const SORT_COLUMNS: Record<CustomerSort, string> = {
  name: `"name" collate "sv-SE-x-icu"`,
  createdAt: `"created_at"`,
  updatedAt: `"updated_at"`,
};
/** How a cursor's key is read back for each sort column (platform/db/keyset.ts). */
const SEEK_COLUMNS: Record<CustomerSort, SeekColumn> = {
  name: { column: SORT_COLUMNS.name, cast: 'text', pattern: TEXT_KEY },
  createdAt: { column: SORT_COLUMNS.createdAt, cast: 'timestamptz', pattern: TIMESTAMP_KEY },
  updatedAt: { column: SORT_COLUMNS.updatedAt, cast: 'timestamptz', pattern: TIMESTAMP_KEY },
};
const orderBy = (sort: CustomerSort, alias: string, direction: 'asc' | 'desc') =>
  `${alias}${SORT_COLUMNS[sort]} ${direction}, ${alias}"id" ${direction}`;

const MAX_SEARCH_WORDS = 5;

/**
 * The words of a search, each matched anywhere in the customer's search text (see the migration's `search_text`).
 * Lower case like the column; a word that looks like an identifier (digits with `-` or `+`, e.g. `811218-9876`)
 * is reduced to its digits, which the column also holds, so every way of writing a number finds it.
 */
export function searchWords(q: string | undefined): string[] {
  const words = (q ?? '').trim().toLowerCase().split(/\s+/).filter(Boolean);
  const out = words.map((word) =>
    /^[\d+-]+$/.test(word) && /\d{4}/.test(word.replace(/\D/g, '')) ? word.replace(/\D/g, '') : word,
  );
  return [...new Set(out)].slice(0, MAX_SEARCH_WORDS);
}

/** The columns a list row carries, mapped to a record by `recordOf` (no entity hydration: a page is read-only). */
const LIST_COLUMNS = `c."id", c."owner_id", c."type", c."name", c."government_id", c."vat_number", c."contact_person_email",
  c."email", c."invoice_language", c."reverse_vat", c."e_invoice", c."address_street_name", c."address_postal_code",
  c."address_city", c."address_country", c."verified_at", c."verified_email", c."government_id_locked_at",
  c."e_invoice_connected_at", c."e_invoice_participant_id", c."version", c."created_at", c."updated_at", c."deleted_at"`;

interface ListRow {
  id: string;
  owner_id: string;
  type: CustomerRecord['type'];
  name: string;
  government_id: string | null;
  vat_number: string | null;
  contact_person_email: string;
  email: string | null;
  invoice_language: CustomerRecord['invoiceLanguage'];
  reverse_vat: boolean;
  e_invoice: boolean;
  address_street_name: string;
  address_postal_code: string;
  address_city: string;
  address_country: string;
  verified_at: string | null;
  verified_email: string | null;
  government_id_locked_at: string | null;
  e_invoice_connected_at: string | null;
  e_invoice_participant_id: string | null;
  version: number;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** The sort column as text: what a cursor carries. */
  sort_key: string;
  total: number;
}

/** Timestamps arrive as text: MikroORM's PostgreSQL connection leaves date parsing to the entity layer. */
const dateOf = (value: string) => new Date(value);
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

function recordOf(row: ListRow): CustomerRecord {
  return {
    id: row.id,
    ownerId: row.owner_id,
    type: row.type,
    name: row.name,
    governmentId: row.government_id,
    vatNumber: row.vat_number,
    contactPersonEmail: row.contact_person_email,
    email: row.email,
    invoiceLanguage: row.invoice_language,
    reverseVat: row.reverse_vat,
    eInvoice: row.e_invoice,
    address: {
      streetName: row.address_street_name,
      postalCode: row.address_postal_code,
      city: row.address_city,
      country: row.address_country,
    },
    verifiedAt: dateOrNull(row.verified_at),
    verifiedEmail: row.verified_email,
    governmentIdLockedAt: dateOrNull(row.government_id_locked_at),
    eInvoiceConnectedAt: dateOrNull(row.e_invoice_connected_at),
    eInvoiceParticipantId: row.e_invoice_participant_id,
    version: row.version,
    createdAt: dateOf(row.created_at),
    updatedAt: dateOf(row.updated_at),
    deletedAt: dateOrNull(row.deleted_at),
  };
}

export class CustomerRepository {
  /** A live customer of the owner, or null (another owner's and deleted ones alike). */
  findOwned(em: EntityManager, ownerId: string, id: string): Promise<Customer | null> {
    return em.findOne(Customer, { id, ownerId, deletedAt: null });
  }

  /** Any customer by id, deleted or not, whoever owns it (for links and the invoice module's checks). */
  async findById(em: EntityManager, id: string): Promise<Customer | null> {
    const [customer] = await plainRows(em, Customer, `select * from "customer" where "id" = ?`, [id]);
    return customer ?? null;
  }

  /** One page of the owner's live customers, how many match and the cursors of the pages beside it: one round trip. */
  async list(
    em: EntityManager,
    ownerId: string,
    query: CustomerListQuery,
  ): Promise<{ items: CustomerRecord[]; total: number; next: string | null; previous: string | null }> {
    const where = [`"owner_id" = ?`, `"deleted_at" is null`];
    const params: unknown[] = [ownerId];
    if (query.type) {
      where.push(`"type" = ?`);
      params.push(query.type);
    }
    const words = searchWords(query.q);
    for (const word of words) {
      if ([...word].length >= 3) {
        // The owner's search keys find the candidates, LIKE keeps the exact meaning.
        const keys = ownerSearchKeysMatch(ownerId, word);
        where.push(keys.sql);
        params.push(...keys.params);
      } else {
        // Too short for trigrams: tested on the rows the other words or the name index give.
        where.push(`strpos("search_text", ?) > 0`);
        params.push(word);
      }
    }
    const filter = where.join(' and ');
    const scope = `${query.sort}.${query.order}`;
    const seek = seekOf(query, scope, SEEK_COLUMNS[query.sort].pattern);
    const direction = readOrder(query.order, seek);
    const seekOn = (alias: string) => (seek ? seekCondition(SEEK_COLUMNS[query.sort], query.order, seek, alias) : null);
    const limit = pageLimit(query.pageSize, seek ? 0 : (query.page - 1) * query.pageSize);
    const outer = orderBy(query.sort, 'c.', query.order);
    let rows: ListRow[];
    if (words.length) {
      // A search reads its matches anyway (on the owner's search keys): they are counted in the same pass, and the page
      // is cut from them after the cursor.
      const condition = seekOn('m.');
      rows = await sqlRows<ListRow>(
        em,
        `select ${LIST_COLUMNS}, p."sort_key", p."total" from (
           select m."id", (m.${SORT_COLUMNS[query.sort]})::text as "sort_key", m."total" from (
             select "id", "name", "created_at", "updated_at", count(*) over ()::int as "total"
             from "customer" where ${filter}
           ) m ${condition ? `where ${condition.sql}` : ''} order by ${orderBy(query.sort, 'm.', direction)} ${limit.sql}
         ) p join "customer" c on c."id" = p."id" order by ${outer}`,
        [...params, ...(condition?.params ?? [])],
      );
      if (!rows.length && (seek || query.page > 1)) {
        // A page after the last match carries no row to tell the total.
        const [count] = await sqlRows<{ total: number }>(
          em,
          `select count(*)::int as "total" from "customer" where ${filter}`,
          params,
        );
        return { items: [], total: count?.total ?? 0, next: null, previous: null };
      }
    } else {
      // Without a search the total is the owner's counter (Migration20261121100100CustomerCounts), and the page is
      // found on the owner's index entries alone, in order, from the cursor; the table is read for its rows only.
      const condition = seekOn('');
      const pageWhere = condition ? `${filter} and ${condition.sql}` : filter;
      rows = await (limit.prepared ? preparedRows<ListRow> : sqlRows<ListRow>)(
        em,
        `select ${LIST_COLUMNS}, c."sort_key", t."total"
         from (select coalesce(sum("live"), 0)::int as "total" from "customer_owner_count"
               where "owner_id" = ?${query.type ? ` and "type" = ?` : ''}) t
         left join lateral (
           select c.*, p."sort_key" from (
             select "id", (${SORT_COLUMNS[query.sort]})::text as "sort_key" from "customer" where ${pageWhere}
             order by ${orderBy(query.sort, '', direction)} ${limit.sql}
           ) p join "customer" c on c."id" = p."id"
         ) c on true
         order by ${outer}`,
        [...params.slice(0, query.type ? 2 : 1), ...params, ...(condition?.params ?? [])],
      );
    }
    // A page after the last still has the one row that carries the total, with no customer in it.
    const found = rows.filter((row) => row.id !== null);
    const page = keysetPage(found, {
      pageSize: query.pageSize,
      seek,
      page: query.page,
      scope,
      keyOf: (row) => ({ key: row.sort_key, id: row.id }),
    });
    return { items: page.rows.map(recordOf), total: rows[0]?.total ?? 0, next: page.next, previous: page.previous };
  }

  /**
   * The owner's live customers with one of these government ids, or with both this name and this invoice email
   * (case-insensitive; names are stored with their spaces collapsed), most recently changed first. Read on the
   * owner's index entries only: another owner's customers cannot match.
   */
  async findDuplicates(
    em: EntityManager,
    ownerId: string,
    match: { governmentIds: string[]; name: string | null; email: string | null },
    limit: number,
  ): Promise<Array<{ record: CustomerRecord; matchedOn: 'governmentId' | 'nameAndEmail' }>> {
    const either: string[] = [];
    const params: unknown[] = [ownerId];
    if (match.governmentIds.length) {
      either.push(`"government_id" in (${match.governmentIds.map(() => '?').join(', ')})`);
      params.push(...match.governmentIds);
    }
    if (match.name && match.email) {
      either.push(`(lower("name") = lower(?) and lower("email") = lower(?))`);
      params.push(match.name, match.email);
    }
    if (!either.length) return [];
    const rows = await sqlRows<ListRow>(
      em,
      `select ${LIST_COLUMNS}, 0 as "total" from "customer" c
       where c."owner_id" = ? and c."deleted_at" is null and (${either.join(' or ')})
       order by c."updated_at" desc, c."id" limit ?`,
      [...params, limit],
    );
    return rows.map((row) => ({
      record: recordOf(row),
      matchedOn:
        row.government_id !== null && match.governmentIds.includes(row.government_id) ? 'governmentId' : 'nameAndEmail',
    }));
  }

  /** Links sent for a customer since `since`, newest first. */
  recentVerifications(em: EntityManager, customerId: string, since: Date): Promise<CustomerVerification[]> {
    return em.find(
      CustomerVerification,
      { customerId, createdAt: { $gte: since } },
      { orderBy: { createdAt: 'desc' } },
    );
  }

  /** Retires the customer's links that are still open (a newer one was sent, or the customer is gone). */
  async supersedeOpenVerifications(em: EntityManager, customerId: string, at: Date): Promise<void> {
    await em.nativeUpdate(CustomerVerification, { customerId, usedAt: null, supersededAt: null }, { supersededAt: at });
  }

  findVerificationByNonceHash(
    em: EntityManager,
    nonceHash: string,
    lock = false,
  ): Promise<CustomerVerification | null> {
    return em.findOne(CustomerVerification, { nonceHash }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
  }
}
