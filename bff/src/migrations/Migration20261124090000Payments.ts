import { Migration } from '@mikro-orm/migrations';

/**
 * Money in and out: imported BgMax files, incoming payments, the salary items they give, payouts, their events,
 * the payout batches (one pain.001 file per bank day) and the bank's status reports.
 *
 * The exactly-once rules live in constraints where they can: a file by its identity, a Bankgirot payment by its
 * serial number, a salary item per payment, a batch per bank day, a payout per end-to-end id, and a salary item in at
 * most one payout at a time (`salary_item.payout_id`; `payout_line` keeps which items every payout held, denied ones
 * included). Money is bigint minor units; salary figures are SEK öre and must add up (checked here too).
 */
export class Migration20261124090000Payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "bgmax_import" (
      "id" uuid not null default gen_random_uuid(),
      "identity_key" varchar(400) not null,
      "sha256" char(64) not null,
      "file_name" varchar(200) not null,
      "storage_key" varchar(300) not null,
      "file_timestamp" varchar(20) not null,
      "test" boolean not null,
      "line_count" integer not null,
      "deposit_count" integer not null,
      "total_amount" bigint not null,
      "imported_by" uuid null references "app_user" ("id"),
      "created_at" timestamptz not null default now(),
      constraint "bgmax_import_pkey" primary key ("id"),
      constraint "bgmax_import_identity_key_unique" unique ("identity_key"));`);

    this.addSql(`create table "incoming_payment" (
      "id" uuid not null default gen_random_uuid(),
      "source" varchar(10) not null check ("source" in ('bgmax', 'manual')),
      "kind" varchar(10) not null default 'payment' check ("kind" in ('payment', 'deduction')),
      "import_id" uuid null references "bgmax_import" ("id"),
      "line" integer null,
      "bgc_serial_number" varchar(12) null,
      "payment_date" date not null,
      "currency" char(3) not null check ("currency" in ('SEK', 'EUR', 'USD', 'NOK', 'DKK', 'GBP')),
      "amount" bigint not null check ("amount" > 0),
      "sek_amount" bigint not null check ("sek_amount" >= 0),
      "reference" varchar(30) null,
      "reference_code" varchar(10) null,
      "extra_references" jsonb not null default '[]',
      "information_text" jsonb not null default '[]',
      "payer" jsonb not null default '{}',
      "sender_bankgiro" varchar(10) null,
      "status" varchar(10) not null check ("status" in ('matched', 'unmatched')),
      "unmatched_reason" varchar(30) null,
      "invoice_id" uuid null references "invoice" ("id"),
      "owner_id" uuid null references "app_user" ("id"),
      "match_method" varchar(16) null check ("match_method" in ('ocr', 'invoice_number', 'manual')),
      "applied_amount" bigint not null default 0 check ("applied_amount" >= 0),
      "overpaid_amount" bigint not null default 0 check ("overpaid_amount" >= 0),
      "note" varchar(500) null,
      "registered_by" uuid null references "app_user" ("id"),
      "matched_at" timestamptz null,
      "idempotency_key" varchar(100) null,
      "search_text" text not null default '',
      "created_at" timestamptz not null default now(),
      constraint "incoming_payment_pkey" primary key ("id"),
      constraint "incoming_payment_matched_check" check (
        ("status" = 'matched') = ("invoice_id" is not null)
        and ("status" = 'matched') = ("unmatched_reason" is null)
        and ("status" = 'matched' or ("applied_amount" = 0 and "overpaid_amount" = 0))));`);
    // Bankgirot numbers every payment: the same payment in a second file is booked once.
    this.addSql(
      `create unique index "incoming_payment_bgc_serial_unique" on "incoming_payment" ("bgc_serial_number") where "bgc_serial_number" is not null;`,
    );
    this.addSql(
      `create unique index "incoming_payment_idempotency_unique" on "incoming_payment" ("idempotency_key") where "idempotency_key" is not null;`,
    );
    this.addSql(`create index "incoming_payment_created_index" on "incoming_payment" ("created_at", "id");`);
    this.addSql(
      `create index "incoming_payment_unmatched_index" on "incoming_payment" ("created_at", "id") where "status" = 'unmatched';`,
    );
    this.addSql(`create index "incoming_payment_import_index" on "incoming_payment" ("import_id", "line");`);
    this.addSql(`create index "incoming_payment_invoice_index" on "incoming_payment" ("invoice_id");`);
    // Payments are matched by OCR reference: one lookup per payment of a file.
    this.addSql(`create index "invoice_ocr_number_index" on "invoice" ("ocr_number") where "ocr_number" is not null;`);

    this.addSql(`create table "payout_batch" (
      "id" uuid not null default gen_random_uuid(),
      "execution_date" date not null,
      "message_id" varchar(35) not null,
      "storage_key" varchar(300) not null,
      "sha256" char(64) not null,
      "size_bytes" integer not null,
      "number_of_transactions" integer not null check ("number_of_transactions" > 0),
      "control_sum" bigint not null check ("control_sum" > 0),
      "created_by" uuid null references "app_user" ("id"),
      "created_at" timestamptz not null default now(),
      constraint "payout_batch_pkey" primary key ("id"),
      constraint "payout_batch_execution_date_unique" unique ("execution_date"),
      constraint "payout_batch_message_id_unique" unique ("message_id"));`);

    this.addSql(`create table "payout" (
      "id" uuid not null default gen_random_uuid(),
      "number" bigint generated always as identity,
      "owner_id" uuid not null references "app_user" ("id"),
      "kind" varchar(10) not null check ("kind" in ('monthly', 'immediate', 'manual')),
      "status" varchar(24) not null check ("status" in ('initiated', 'completed_transaction', 'failed_after_complete', 'failed')),
      "execution_date" date not null,
      "amount" bigint not null check ("amount" > 0),
      "item_count" integer not null check ("item_count" > 0),
      "batch_id" uuid null references "payout_batch" ("id"),
      "end_to_end_id" varchar(35) not null,
      "creditor_name" varchar(140) null,
      "account_masked" varchar(60) null,
      "status_reason" varchar(200) null,
      "notified_at" timestamptz null,
      "idempotency_key" varchar(100) null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "payout_pkey" primary key ("id"),
      constraint "payout_number_unique" unique ("number"),
      constraint "payout_end_to_end_id_unique" unique ("end_to_end_id"));`);
    this.addSql(`create index "payout_owner_index" on "payout" ("owner_id", "created_at" desc, "id");`);
    this.addSql(`create index "payout_batch_index" on "payout" ("batch_id", "id");`);
    // Payouts made before their bank day's file: the batch takes them.
    this.addSql(
      `create index "payout_unbatched_index" on "payout" ("execution_date") where "batch_id" is null and "status" = 'initiated';`,
    );
    this.addSql(
      `create unique index "payout_idempotency_unique" on "payout" ("owner_id", "idempotency_key") where "idempotency_key" is not null;`,
    );

    this.addSql(`create table "salary_item" (
      "id" uuid not null default gen_random_uuid(),
      "owner_id" uuid not null references "app_user" ("id"),
      "invoice_id" uuid not null references "invoice" ("id"),
      "payment_id" uuid not null references "incoming_payment" ("id"),
      "payment_date" date not null,
      "registered_on" date not null,
      "status" varchar(24) not null check ("status" in ('completed_invoice', 'initiated', 'completed_transaction')),
      "payout_id" uuid null references "payout" ("id"),
      "invoice_currency" char(3) not null,
      "invoice_paid_amount" bigint not null check ("invoice_paid_amount" > 0),
      "amount" bigint not null,
      "commission_amount" bigint not null,
      "reimbursements" bigint not null,
      "deductible_input_vat" bigint not null,
      "uncovered_reimbursements" bigint not null,
      "mileage_allowance" bigint not null,
      "gross_salary" bigint not null,
      "social_fee_amount" bigint not null,
      "pension_amount" bigint not null,
      "pension_tax_amount" bigint not null,
      "income_tax_amount" bigint not null,
      "net_salary" bigint not null,
      "payout_amount" bigint not null check ("payout_amount" >= 0),
      "fee_rate" numeric(7,4) not null,
      "income_tax_rate" numeric(7,4) not null,
      "pension_rate" numeric(7,4) not null,
      "pension_special_payroll_tax_rate" numeric(7,4) not null,
      "employer_contribution_rate" numeric(7,4) not null,
      "employer_contribution_rate_above_cap" numeric(7,4) null,
      "employer_contribution_category" varchar(24) not null,
      "employer_contribution_rules_valid_from" date not null,
      "employer_contribution_bases" jsonb not null,
      "salary_already_paid_this_month" bigint not null,
      "exchange_rate_currency" char(3) null,
      "exchange_rate_date" date null,
      "exchange_rate_sek_per_unit" numeric(20,10) null,
      "campaign_code" varchar(40) null,
      "created_at" timestamptz not null default now(),
      constraint "salary_item_pkey" primary key ("id"),
      constraint "salary_item_payment_unique" unique ("payment_id"),
      constraint "salary_item_adds_up_check" check (
        "amount" + "deductible_input_vat" = "commission_amount" + "reimbursements" + "uncovered_reimbursements"
          + "gross_salary" + "social_fee_amount" + "pension_amount" + "pension_tax_amount"
        and "payout_amount" = "net_salary" + "reimbursements"
        and "net_salary" = "gross_salary" - "income_tax_amount"),
      constraint "salary_item_payout_check" check (("status" = 'completed_invoice') = ("payout_id" is null)));`);
    this.addSql(`create index "salary_item_owner_index" on "salary_item" ("owner_id", "created_at" desc, "id");`);
    this.addSql(
      `create index "salary_item_owner_month_index" on "salary_item" ("owner_id", "payment_date") include ("gross_salary");`,
    );
    // What is available: salary not yet in a payout, found per owner and by the batch by registration day.
    this.addSql(
      `create index "salary_item_available_index" on "salary_item" ("registered_on", "owner_id") where "payout_id" is null;`,
    );
    this.addSql(
      `create index "salary_item_payout_index" on "salary_item" ("payout_id") where "payout_id" is not null;`,
    );
    this.addSql(`create index "salary_item_invoice_index" on "salary_item" ("invoice_id");`);

    this.addSql(`create table "payout_line" (
      "payout_id" uuid not null references "payout" ("id"),
      "salary_item_id" uuid not null references "salary_item" ("id"),
      "amount" bigint not null,
      constraint "payout_line_pkey" primary key ("payout_id", "salary_item_id"));`);
    this.addSql(`create index "payout_line_item_index" on "payout_line" ("salary_item_id");`);

    this.addSql(`create table "payout_event" (
      "id" bigint generated by default as identity,
      "payout_id" uuid not null references "payout" ("id"),
      "event" varchar(20) not null,
      "from_state" varchar(24) null,
      "to_state" varchar(24) not null,
      "actor_type" varchar(24) not null check ("actor_type" in ('user', 'impersonating_admin', 'admin', 'system')),
      "actor_user_id" uuid null,
      "reason" varchar(200) null,
      "data" jsonb not null default '{}',
      "created_at" timestamptz not null default now(),
      constraint "payout_event_pkey" primary key ("id"));`);
    this.addSql(`create index "payout_event_payout_index" on "payout_event" ("payout_id", "id");`);

    this.addSql(`create table "payment_status_report" (
      "id" uuid not null default gen_random_uuid(),
      "message_id" varchar(35) not null,
      "original_message_id" varchar(35) not null,
      "batch_id" uuid not null references "payout_batch" ("id"),
      "sha256" char(64) not null,
      "storage_key" varchar(300) not null,
      "group_status" varchar(4) null,
      "result" jsonb not null,
      "imported_by" uuid null references "app_user" ("id"),
      "created_at" timestamptz not null default now(),
      constraint "payment_status_report_pkey" primary key ("id"),
      constraint "payment_status_report_message_id_unique" unique ("message_id"));`);
  }
}
