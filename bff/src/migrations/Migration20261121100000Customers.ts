import { Migration } from '@mikro-orm/migrations';

/**
 * Customers (invoice recipients) and their verification links.
 *
 * The column types are looser than the customer rules (a name may hold 200 characters, the rules allow 50): rules
 * tighten over time, and a stored customer that breaks a newer rule shows up as a problem code to fix instead of
 * failing a migration. What the database does enforce is what no rule change can make valid.
 *
 * Indexes serve listCustomers for one owner among a million rows (measured by bench/customers.ts): every
 * list index is partial on live rows and leads with owner_id, so a page is a short range scan in the wanted order and
 * the count an index-only scan. Search scans only the owner's entries of the name index, which carries the search
 * text (INCLUDE), so it never reads the table. A pg_trgm GIN index was measured and dropped: its posting lists span
 * every owner, so a common trigram costs 15-35 ms whoever searches.
 */
export class Migration20261121100000Customers extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "customer" (
      "id" uuid not null default gen_random_uuid(),
      "owner_id" uuid not null references "app_user" ("id"),
      "type" varchar(20) not null,
      "name" varchar(200) not null,
      "government_id" varchar(40) null,
      "vat_number" varchar(40) null,
      "contact_person_email" varchar(254) not null,
      "email" varchar(254) null,
      "invoice_language" varchar(2) not null,
      "reverse_vat" boolean not null default false,
      "e_invoice" boolean not null default false,
      "address_street_name" varchar(200) not null,
      "address_postal_code" varchar(20) not null,
      "address_city" varchar(100) not null,
      "address_country" varchar(2) not null,
      "verified_at" timestamptz null,
      "verified_email" varchar(254) null,
      "government_id_locked_at" timestamptz null,
      "e_invoice_connected_at" timestamptz null,
      "version" integer not null default 1,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "deleted_at" timestamptz null,
      "search_text" text generated always as (lower((
        "name" || ' ' || coalesce("email", '') || ' ' || "contact_person_email" || ' ' ||
        coalesce("government_id", '') || ' ' || coalesce(regexp_replace("government_id", '[^0-9A-Za-z]', '', 'g'), '') || ' ' ||
        case when "government_id" ~ '^[0-9]{12}$' then substr("government_id", 3) else '' end || ' ' || coalesce("vat_number", '')) collate "und-x-icu")) stored,
      constraint "customer_pkey" primary key ("id"),
      constraint "customer_type_check" check ("type" in ('individual', 'organization', 'non_profit')),
      constraint "customer_invoice_language_check" check ("invoice_language" in ('sv', 'en')),
      constraint "customer_version_check" check ("version" >= 1),
      constraint "customer_address_country_check" check ("address_country" ~ '^[A-Z]{2}$'));`);
    this.addSql(
      `comment on column "customer"."government_id_locked_at" is 'Set by the invoices module when the first invoice is sent: the government id may no longer change.';`,
    );
    this.addSql(
      `comment on column "customer"."e_invoice_connected_at" is 'Set by the e-invoicing integration when the customer accepts e-invoices.';`,
    );
    this.addSql(
      `comment on column "customer"."search_text" is 'What listCustomers searches: name, emails, government id as stored, digits only and without the century, VAT number; lower case (ICU, so Å and Ö too; the database default collation is C).';`,
    );

    // One list index per sort order; the id breaks ties so pages are stable.
    this.addSql(
      `create index "customer_owner_name_index" on "customer" ("owner_id", "name" collate "sv-SE-x-icu", "id") include ("search_text") where "deleted_at" is null;`,
    );
    this.addSql(
      `create index "customer_owner_created_at_index" on "customer" ("owner_id", "created_at", "id") where "deleted_at" is null;`,
    );
    this.addSql(
      `create index "customer_owner_updated_at_index" on "customer" ("owner_id", "updated_at", "id") where "deleted_at" is null;`,
    );
    // Small enough to count a user's customers (of one type or all) without reading the table.
    this.addSql(
      `create index "customer_owner_type_index" on "customer" ("owner_id", "type") where "deleted_at" is null;`,
    );

    this.addSql(`create table "customer_verification" (
      "id" uuid not null default gen_random_uuid(),
      "customer_id" uuid not null references "customer" ("id"),
      "nonce_hash" varchar(64) not null,
      "sent_to" varchar(254) not null,
      "requested_by_user_id" uuid not null references "app_user" ("id"),
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "used_at" timestamptz null,
      "superseded_at" timestamptz null,
      constraint "customer_verification_pkey" primary key ("id"),
      constraint "customer_verification_nonce_hash_unique" unique ("nonce_hash"));`);
    this.addSql(
      `create index "customer_verification_customer_id_created_at_index" on "customer_verification" ("customer_id", "created_at" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "customer_verification";`);
    this.addSql(`drop table if exists "customer";`);
  }
}
