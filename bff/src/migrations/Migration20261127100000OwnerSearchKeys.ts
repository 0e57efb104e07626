import { Migration } from '@mikro-orm/migrations';

/**
 * Search by trigrams that belong to their owner (issue 15: customer search missed its target; decision 0021).
 *
 * The search indexes of Migration20261123140000CustomerSearch and Migration20261123130000Invoices put the owner and
 * the search text's trigrams into one GIN index (btree_gin), but GIN keeps a posting list per key across the whole
 * table: a word's trigram "son" lists every customer of every user whose text holds it (hundreds of thousands among a
 * million), and each search walked those lists to intersect them with the owner's. So a search got slower with every
 * other user's data. Measured on the bench's million customers (10 000 of them the user's): "andersson" took 10–14 ms
 * and "konsult" 14.5 ms, warm.
 *
 * Here every key carries its owner: `owner_search_keys(owner, text)` is the text's three-character substrings, each
 * prefixed with eight hex digits of md5(owner). A word's keys are a subset of the keys of every text that contains it
 * (a substring of a substring), so `keys @> owner_search_keys(owner, word)` finds every candidate, and the LIKE beside
 * it keeps the exact meaning. Posting lists hold one owner's rows (two owners sharing a prefix only add candidates the
 * owner condition removes). Same data: "andersson" 3.6 ms, "malmö konsult" 0.7 ms.
 *
 * The substrings are the text's own characters, lower case as the search texts are, without pg_trgm's word splitting,
 * which in this database's locale treats å, ä and ö as separators (show_trgm('malmö') has no "lmö").
 */
export class Migration20261127100000OwnerSearchKeys extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "owner_search_keys"("owner" uuid, "search" text) returns text[]
      language plpgsql immutable strict parallel safe as $$
      declare
        prefix text := left(md5("owner"::text), 8);
        keys text[] := '{}';
      begin
        for i in 1 .. char_length("search") - 2 loop
          keys := keys || (prefix || substr("search", i, 3));
        end loop;
        return keys;
      end $$;`);
    this.addSql(
      `comment on function "owner_search_keys"(uuid, text) is 'The search keys of a text (or a searched word) of one owner: its 3-character substrings prefixed with md5(owner); see Migration20261127100000OwnerSearchKeys.';`,
    );
    this.addSql(`drop index if exists "customer_owner_search_index";`);
    this.addSql(
      `create index "customer_owner_search_keys_index" on "customer" using gin (owner_search_keys("owner_id", "search_text")) where "deleted_at" is null;`,
    );
    this.addSql(`drop index if exists "invoice_owner_search_index";`);
    this.addSql(
      `create index "invoice_owner_search_keys_index" on "invoice" using gin (owner_search_keys("owner_id", "search_text"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "invoice_owner_search_keys_index";`);
    this.addSql(
      `create index "invoice_owner_search_index" on "invoice" using gin ("owner_id", "search_text" gin_trgm_ops);`,
    );
    this.addSql(`drop index if exists "customer_owner_search_keys_index";`);
    this.addSql(
      `create index "customer_owner_search_index" on "customer" using gin ("owner_id", "search_text" gin_trgm_ops) where "deleted_at" is null;`,
    );
    this.addSql(`drop function if exists "owner_search_keys"(uuid, text);`);
  }
}
