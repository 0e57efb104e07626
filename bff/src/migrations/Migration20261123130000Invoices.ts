import { Migration } from '@mikro-orm/migrations';

/**
 * Invoices with their rows and expenses, receipts, the status events, campaign codes and exchange rates.
 *
 * Ready for the modules after this one: `number` (null until sent, unique when set), `ocr_number`,
 * `recipient_snapshot` (the customer as sent), `send_problem_codes` (why sending waits or failed), `sent_at`,
 * `paid_amount` and `paid_at` are written by the sending and payments modules; every status change is an
 * `invoice_event` with its actor, written in the same transaction as the change (see InvoiceRepository.transition).
 *
 * Money is bigint minor units of the invoice's currency, rates exact numerics. `state` holds the status machine's
 * state key (domain/invoice-status.ts), not the spec's number: two states share a number. As for customers, text
 * columns are looser than the rules (the API allows a 50-character reference, the column 100), so a rule can tighten
 * without failing a migration; what no rule change can make valid is enforced here.
 *
 * The rates that change by date (fee, minimum amount, employer contributions, mileage, reference rate) are not
 * tables: they are code in domain/rates.ts, reviewed and versioned with the rules that use them (decision 0010).
 * Exchange rates and campaign codes are data an admin keeps, so they are tables.
 *
 * Indexes serve listInvoices for one owner with 100 000 invoices among 2 000 000 (bench/invoices.ts): every list
 * index leads with owner_id and ends with id, so a page is a short range scan in the wanted order.
 */
export class Migration20261123130000Invoices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "campaign_code" (
      "id" uuid not null default gen_random_uuid(),
      "code" varchar(40) not null,
      "effect" varchar(20) not null,
      "value" numeric(5,2) not null,
      "valid_from" date not null,
      "valid_to" date null,
      "max_uses" integer null,
      "uses" integer not null default 0,
      "description" varchar(200) null,
      "created_at" timestamptz not null default now(),
      constraint "campaign_code_pkey" primary key ("id"),
      constraint "campaign_code_code_unique" unique ("code"),
      constraint "campaign_code_code_check" check ("code" ~ '^[A-Z0-9_-]{1,40}$'),
      constraint "campaign_code_effect_check" check ("effect" in ('fee_rate', 'fee_discount')),
      constraint "campaign_code_value_check" check ("value" between 0 and 100),
      constraint "campaign_code_valid_check" check ("valid_to" is null or "valid_to" >= "valid_from"),
      constraint "campaign_code_uses_check" check ("uses" >= 0 and ("max_uses" is null or "uses" <= "max_uses")));`);
    this.addSql(
      `comment on column "campaign_code"."uses" is 'Invoices sent with the code; the sending module counts a use with a conditional update (uses < max_uses).';`,
    );

    this.addSql(`create table "exchange_rate" (
      "currency" char(3) not null,
      "date" date not null,
      "sek_per_unit" numeric(20,10) not null,
      "source" varchar(40) not null default 'manual',
      "created_at" timestamptz not null default now(),
      constraint "exchange_rate_pkey" primary key ("currency", "date"),
      constraint "exchange_rate_currency_check" check ("currency" in ('EUR', 'USD', 'NOK', 'DKK', 'GBP')),
      constraint "exchange_rate_sek_per_unit_check" check ("sek_per_unit" > 0));`);

    this.addSql(`create table "receipt" (
      "id" uuid not null default gen_random_uuid(),
      "owner_id" uuid not null references "app_user" ("id"),
      "storage_key" varchar(300) not null,
      "file_name" varchar(200) not null,
      "content_type" varchar(40) not null,
      "size_bytes" integer not null,
      "sha256" char(64) not null,
      "created_at" timestamptz not null default now(),
      constraint "receipt_pkey" primary key ("id"),
      constraint "receipt_storage_key_unique" unique ("storage_key"),
      constraint "receipt_content_type_check" check ("content_type" in ('image/jpeg', 'image/png', 'application/pdf')),
      constraint "receipt_size_check" check ("size_bytes" > 0 and "size_bytes" <= 4194304));`);
    this.addSql(`create index "receipt_owner_created_at_index" on "receipt" ("owner_id", "created_at");`);

    this.addSql(`create table "invoice" (
      "id" uuid not null default gen_random_uuid(),
      "owner_id" uuid not null references "app_user" ("id"),
      "customer_id" uuid not null references "customer" ("id"),
      "state" varchar(24) not null default 'draft',
      "number" bigint null,
      "ocr_number" varchar(25) null,
      "reference" varchar(100) null,
      "payment_terms_days" smallint not null default 30,
      "invoice_date" date not null,
      "due_date" date not null,
      "currency" char(3) not null default 'SEK',
      "late_payment_interest" numeric(5,2) not null,
      "campaign_code_id" uuid null references "campaign_code" ("id"),
      "total_excl_vat" bigint not null default 0,
      "total_vat" bigint not null default 0,
      "total_incl_vat" bigint not null default 0,
      "paid_amount" bigint not null default 0,
      "recipient_snapshot" jsonb null,
      "send_problem_codes" smallint[] not null default '{}',
      "sent_at" timestamptz null,
      "paid_at" timestamptz null,
      "version" integer not null default 1,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      "search_text" text generated always as (lower((
        coalesce("reference", '') || ' ' || coalesce("recipient_snapshot" ->> 'name', '')) collate "und-x-icu")) stored,
      constraint "invoice_pkey" primary key ("id"),
      constraint "invoice_state_check" check ("state" in ('deleted', 'draft', 'waiting', 'sending', 'sent',
        'partially_paid', 'paid', 'credited', 'changes_requested', 'need_admin_approval', 'temporary_error', 'not_sent')),
      constraint "invoice_number_check" check ("number" > 0),
      constraint "invoice_payment_terms_days_check" check ("payment_terms_days" between 0 and 3650),
      constraint "invoice_due_date_check" check ("due_date" = "invoice_date" + "payment_terms_days"),
      constraint "invoice_currency_check" check ("currency" in ('SEK', 'EUR', 'USD', 'NOK', 'DKK', 'GBP')),
      constraint "invoice_late_payment_interest_check" check ("late_payment_interest" between 0 and 100),
      constraint "invoice_totals_check" check ("total_incl_vat" = "total_excl_vat" + "total_vat"),
      constraint "invoice_paid_amount_check" check ("paid_amount" >= 0),
      constraint "invoice_version_check" check ("version" >= 1));`);
    this.addSql(
      `comment on column "invoice"."state" is 'The status machine''s state (domain/invoice-status.ts); the API shows its numeric status and name.';`,
    );
    this.addSql(
      `comment on column "invoice"."number" is 'One gapless series, given by the sending module when the invoice is first sent.';`,
    );
    this.addSql(
      `comment on column "invoice"."recipient_snapshot" is 'The customer''s details as sent (the sending module writes it); later customer changes never alter a sent invoice.';`,
    );
    this.addSql(
      `comment on column "invoice"."send_problem_codes" is 'Spec §5 codes that hold the invoice back (waiting) or made sending fail, recorded by the sending module.';`,
    );
    this.addSql(
      `comment on column "invoice"."total_excl_vat" is 'The totals of domain/invoice-totals.ts over the rows and expenses, stored for lists and sums; rewritten with every change of the rows.';`,
    );
    this.addSql(`create unique index "invoice_number_unique" on "invoice" ("number") where "number" is not null;`);
    // The list's orders (the default list hides deleted invoices) and its status and customer filters.
    // The default order; INCLUDE lets a search or a deep page filter on the index alone, without reading the table.
    this.addSql(
      `create index "invoice_owner_invoice_date_index" on "invoice" ("owner_id", "invoice_date", "id") include ("customer_id", "number", "search_text") where "state" <> 'deleted';`,
    );
    this.addSql(
      `create index "invoice_owner_state_invoice_date_index" on "invoice" ("owner_id", "state", "invoice_date", "id");`,
    );
    this.addSql(
      `create index "invoice_owner_due_date_index" on "invoice" ("owner_id", "due_date", "id") where "state" <> 'deleted';`,
    );
    this.addSql(
      `create index "invoice_owner_updated_at_index" on "invoice" ("owner_id", "updated_at", "id") where "state" <> 'deleted';`,
    );
    // Sort by number, and a search's number match (with what the search's page needs, so it reads no table row).
    this.addSql(
      `create index "invoice_owner_number_index" on "invoice" ("owner_id", "number", "id") include ("invoice_date", "state", "customer_id");`,
    );
    // The customer filter, and a search's customer-name matches (thousands of invoices for one customer), index-only.
    this.addSql(
      `create index "invoice_owner_customer_index" on "invoice" ("owner_id", "customer_id", "invoice_date", "id") include ("state");`,
    );
    // A search's reference (and name-as-sent) matches: trigrams within the owner's entries (btree_gin puts the owner
    // in the same index), so a word costs its matches, not a scan of the user's 100 000 invoices.
    this.addSql(`create extension if not exists "pg_trgm";`);
    this.addSql(`create extension if not exists "btree_gin";`);
    this.addSql(
      `create index "invoice_owner_search_index" on "invoice" using gin ("owner_id", "search_text" gin_trgm_ops);`,
    );

    // How many invoices each owner has per state, kept by the database itself (as customer_owner_count): every list
    // page shows the total, and counting a user's 100 000 invoices on every page costs more than the page itself.
    // Row triggers deferred to commit: a counter row is locked only while its transaction commits, so a user's
    // concurrent creates do not queue behind each other's whole transaction (a statement trigger locks it at the insert).
    this.addSql(`create table "invoice_owner_count" (
      "owner_id" uuid not null,
      "state" varchar(24) not null,
      "n" integer not null,
      constraint "invoice_owner_count_pkey" primary key ("owner_id", "state"));`);
    this.addSql(`create function "invoice_owner_count_apply"() returns trigger language plpgsql as $$
      begin
        if tg_op in ('UPDATE', 'DELETE') and (tg_op = 'DELETE' or old."state" <> new."state" or old."owner_id" <> new."owner_id") then
          update "invoice_owner_count" set "n" = "n" - 1 where "owner_id" = old."owner_id" and "state" = old."state";
        end if;
        if tg_op = 'INSERT' or (tg_op = 'UPDATE' and (old."state" <> new."state" or old."owner_id" <> new."owner_id")) then
          insert into "invoice_owner_count" ("owner_id", "state", "n") values (new."owner_id", new."state", 1)
            on conflict ("owner_id", "state") do update set "n" = "invoice_owner_count"."n" + 1;
        end if;
        return null;
      end $$;`);
    this.addSql(`create constraint trigger "invoice_owner_count" after insert or update or delete on "invoice"
      deferrable initially deferred for each row execute function "invoice_owner_count_apply"();`);

    this.addSql(`create table "invoice_row" (
      "invoice_id" uuid not null references "invoice" ("id") on delete cascade,
      "position" smallint not null,
      "description" varchar(400) not null,
      "unit_price" bigint not null,
      "quantity" numeric(12,2) not null,
      "unit" varchar(16) not null,
      "vat_percentage" smallint not null,
      constraint "invoice_row_pkey" primary key ("invoice_id", "position"),
      constraint "invoice_row_quantity_check" check ("quantity" > 0),
      constraint "invoice_row_vat_percentage_check" check ("vat_percentage" in (25, 12, 6, 0)));`);

    this.addSql(`create table "invoice_expense" (
      "invoice_id" uuid not null references "invoice" ("id") on delete cascade,
      "position" smallint not null,
      "type" varchar(10) not null,
      "description" varchar(100) not null,
      "amount" bigint not null,
      "vat_percentage" smallint null,
      "receipt_id" uuid null references "receipt" ("id"),
      "mileage_date" date null,
      "mileage_from" varchar(100) null,
      "mileage_to" varchar(100) null,
      "mileage_km" numeric(9,2) null,
      "mileage_purpose" varchar(100) null,
      "mileage_rate_per_10_km" integer null,
      "mileage_allowance_sek" bigint null,
      constraint "invoice_expense_pkey" primary key ("invoice_id", "position"),
      constraint "invoice_expense_amount_check" check ("amount" >= 0),
      constraint "invoice_expense_vat_percentage_check" check ("vat_percentage" in (25, 12, 6, 0)),
      constraint "invoice_expense_type_check" check (
        ("type" = 'receipt' and "vat_percentage" is not null and "mileage_date" is null)
        or ("type" = 'mileage' and "vat_percentage" is null and "receipt_id" is null and "mileage_date" is not null
            and "mileage_km" > 0 and "mileage_allowance_sek" is not null and "mileage_rate_per_10_km" is not null)));`);
    this.addSql(
      `create index "invoice_expense_receipt_index" on "invoice_expense" ("receipt_id") where "receipt_id" is not null;`,
    );

    // The history of every invoice: one row per status change, never updated. No foreign key to app_user: the actor
    // may be an admin or nobody (the system), and the history outlives accounts.
    this.addSql(`create table "invoice_event" (
      "id" bigint generated always as identity,
      "invoice_id" uuid not null references "invoice" ("id"),
      "owner_id" uuid not null,
      "event" varchar(40) not null,
      "from_state" varchar(24) null,
      "to_state" varchar(24) not null,
      "actor_type" varchar(24) not null,
      "actor_user_id" uuid null,
      "reason" varchar(500) null,
      "data" jsonb not null default '{}',
      "idempotency_key" varchar(100) null,
      "created_at" timestamptz not null default now(),
      constraint "invoice_event_pkey" primary key ("id"),
      constraint "invoice_event_actor_check" check (
        ("actor_type" = 'system' and "actor_user_id" is null)
        or ("actor_type" in ('user', 'impersonating_admin', 'admin') and "actor_user_id" is not null)));`);
    this.addSql(`create index "invoice_event_invoice_index" on "invoice_event" ("invoice_id", "id");`);
    // A retried request or job with the same key finds its event instead of making a second one.
    this.addSql(
      `create unique index "invoice_event_idempotency_unique" on "invoice_event" ("invoice_id", "idempotency_key") where "idempotency_key" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "invoice_event";`);
    this.addSql(`drop table if exists "invoice_expense";`);
    this.addSql(`drop table if exists "invoice_row";`);
    this.addSql(`drop table if exists "invoice_owner_count";`);
    this.addSql(`drop table if exists "invoice";`);
    this.addSql(`drop function if exists "invoice_owner_count_apply"();`);
    this.addSql(`drop table if exists "receipt";`);
    this.addSql(`drop table if exists "exchange_rate";`);
    this.addSql(`drop table if exists "campaign_code";`);
  }
}
