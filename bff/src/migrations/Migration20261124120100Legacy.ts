import { Migration } from '@mikro-orm/migrations';

/**
 * The old product's invoices and payouts (docs/product/legacy.md), and the imports that brought them: a file is known
 * by its SHA-256 per kind, an invoice by its account and number, a payout by its account, its values' fingerprint and
 * which identical line of a file it was.
 */
export class Migration20261124120100Legacy extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "legacy_import" (
      "id" uuid not null default gen_random_uuid(),
      "kind" varchar(10) not null check ("kind" in ('invoices', 'payouts')),
      "file_name" varchar(255) not null,
      "file_sha256" char(64) not null,
      "rows" integer not null check ("rows" >= 0),
      "created" integer not null check ("created" >= 0),
      "already_present" integer not null check ("already_present" >= 0),
      "accounts" integer not null check ("accounts" >= 0),
      "imported_by" uuid null references "app_user" ("id") on delete set null,
      "created_at" timestamptz not null default now(),
      constraint "legacy_import_pkey" primary key ("id"),
      constraint "legacy_import_file_unique" unique ("kind", "file_sha256"));`);
    this.addSql(`create index "legacy_import_created_at_index" on "legacy_import" ("created_at" desc, "id");`);

    this.addSql(`create table "legacy_invoice" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "import_id" uuid not null references "legacy_import" ("id"),
      "number" varchar(40) not null,
      "recipient" varchar(200) not null,
      "paid" boolean not null,
      "invoice_date" date not null,
      "due_date" date not null,
      "total" bigint not null,
      "currency" char(3) not null default 'SEK' check ("currency" in ('SEK', 'EUR', 'USD', 'NOK', 'DKK', 'GBP')),
      constraint "legacy_invoice_pkey" primary key ("id"),
      constraint "legacy_invoice_user_number_unique" unique ("user_id", "number"));`);
    this.addSql(
      `create index "legacy_invoice_user_invoice_date_index" on "legacy_invoice" ("user_id", "invoice_date", "number");`,
    );

    this.addSql(`create table "legacy_payout" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "import_id" uuid not null references "legacy_import" ("id"),
      "fingerprint" char(64) not null,
      "occurrence" integer not null check ("occurrence" >= 1),
      "created_date" date not null,
      "transaction_date" date null,
      "social_fees" bigint not null check ("social_fees" >= 0),
      "tax_money" bigint not null check ("tax_money" >= 0),
      "net_salary" bigint not null check ("net_salary" >= 0),
      "pension_tax" bigint not null check ("pension_tax" >= 0),
      "pension_deposition" bigint not null check ("pension_deposition" >= 0),
      constraint "legacy_payout_pkey" primary key ("id"),
      constraint "legacy_payout_identity_unique" unique ("user_id", "fingerprint", "occurrence"));`);
    this.addSql(
      `create index "legacy_payout_user_created_date_index" on "legacy_payout" ("user_id", "created_date", "id");`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "legacy_payout";`);
    this.addSql(`drop table if exists "legacy_invoice";`);
    this.addSql(`drop table if exists "legacy_import";`);
  }
}
