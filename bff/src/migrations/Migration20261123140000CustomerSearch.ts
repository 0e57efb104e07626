import { Migration } from '@mikro-orm/migrations';

/**
 * Customer search by a per-owner trigram index (issue 15: the mixed list/search workload had p99 70 ms, target 30).
 *
 * A search scanned every one of the owner's entries of the name index and tested each search text, so its cost grew
 * with the owner's customers however few matched. btree_gin puts the owner into the same GIN index as the search
 * text's trigrams, as the invoices module does: a word of three or more characters costs its matches within the
 * owner's rows (GIN skips through the larger posting lists), and two words intersect their bitmaps. Shorter words are
 * still tested row by row, on the matches of the longer ones or on the name index. The pg_trgm index measured and
 * dropped in Migration20261121100000Customers spanned every owner; this one does not.
 */
export class Migration20261123140000CustomerSearch extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists "pg_trgm";`);
    this.addSql(`create extension if not exists "btree_gin";`);
    this.addSql(
      `create index "customer_owner_search_index" on "customer" using gin ("owner_id", "search_text" gin_trgm_ops) where "deleted_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "customer_owner_search_index";`);
  }
}
