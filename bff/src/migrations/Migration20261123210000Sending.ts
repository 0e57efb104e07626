import { Migration } from '@mikro-orm/migrations';

/**
 * Sending: the one number series (a counter row locked by each send, so numbers are unique and gapless under any
 * concurrency), the documents that left (invoice or credit note, their frozen snapshot, the UBL, how and whether they
 * were delivered), and the blocklist of recipients an admin keeps (problem 17).
 */
export class Migration20261123210000Sending extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "invoice_number_series" (
      "id" varchar(20) not null,
      "next_number" bigint not null check ("next_number" > 0),
      constraint "invoice_number_series_pkey" primary key ("id"));`);
    this.addSql(`insert into "invoice_number_series" ("id", "next_number") values ('invoices', 1001);`);

    this.addSql(`create table "outgoing_document" (
      "id" uuid not null default gen_random_uuid(),
      "invoice_id" uuid not null references "invoice" ("id"),
      "owner_id" uuid not null references "app_user" ("id"),
      "kind" varchar(12) not null check ("kind" in ('invoice', 'credit_note')),
      "number" bigint not null check ("number" > 0),
      "issue_date" date not null,
      "channel" varchar(10) not null check ("channel" in ('email', 'e_invoice')),
      "snapshot" jsonb not null,
      "ubl" text not null,
      "pdf_key" varchar(300) null,
      "recipient_email" varchar(254) null,
      "reply_to" varchar(254) null,
      "delivery_state" varchar(16) not null default 'pending'
        check ("delivery_state" in ('pending', 'delivered', 'failed')),
      "attempts" smallint not null default 0,
      -- Held by the worker delivering the document: one delivery at a time, and a dead worker's lapses.
      "delivery_lease_until" timestamptz null,
      "last_error" varchar(500) null,
      "problem_code" smallint null,
      "delivered_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "outgoing_document_pkey" primary key ("id"),
      constraint "outgoing_document_number_unique" unique ("number"),
      constraint "outgoing_document_invoice_kind_unique" unique ("invoice_id", "kind"));`);
    this.addSql(
      `create index "outgoing_document_pending_index" on "outgoing_document" ("created_at") where "delivery_state" = 'pending';`,
    );

    this.addSql(`create table "recipient_blocklist" (
      "id" uuid not null default gen_random_uuid(),
      "kind" varchar(24) not null check ("kind" in ('email', 'email_domain', 'organisation_number', 'vat_number')),
      "value" varchar(254) not null,
      "reason" varchar(500) null,
      "created_by" uuid null references "app_user" ("id"),
      "created_at" timestamptz not null default now(),
      constraint "recipient_blocklist_pkey" primary key ("id"),
      constraint "recipient_blocklist_kind_value_unique" unique ("kind", "value"));`);
  }
}
