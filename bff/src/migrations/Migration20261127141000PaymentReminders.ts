import { Migration } from '@mikro-orm/migrations';

/**
 * Payment reminders, reminder fees and late-payment interest (issue 24; decision 0034; docs/product/payments.md).
 *
 * - `invoice`: whether and how often it is reminded (`reminder_interval`, 7 or 14 days, null = off), the reminder fee it
 *   states (`reminder_fee`, SEK öre, null = none; at most 60 kr is the service's rule, SEK only is checked here), what
 *   reminders charged of it and what payments paid of it; whether its late-payment interest is the statutory rate
 *   (reference rate + 8 points, following each half-year: no fixed figure, so `late_payment_interest` is null) or the
 *   rate typed on it. Invoices from before keep the fixed rate their PDF stated. An interest invoice (`kind`) is an
 *   invoice of its own, numbered and sent like any, for one late-paid invoice, at most one live one each.
 * - `invoice_reminder`: each reminder once per invoice and number (unique), with its fee and its email's delivery
 *   (leased like outgoing documents, so a crash neither loses nor doubles it; `cancelled` when the invoice was paid
 *   or credited before its email went).
 * - `incoming_payment.fee_amount`: the part of a payment that paid a reminder fee (the platform's, not salary).
 * - `app_user`: the freelancer's defaults for new invoices.
 * - Payment events carry their payment day (the interest runs to it); those recorded before are given theirs.
 */
export class Migration20261127141000PaymentReminders extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "invoice"
      add column "kind" varchar(10) not null default 'invoice',
      add column "interest_for_invoice_id" uuid null references "invoice" ("id"),
      add column "late_payment_interest_statutory" boolean not null default false,
      add column "reminder_interval" smallint null,
      add column "reminder_fee" bigint null,
      add column "reminder_fee_charged" bigint not null default 0,
      add column "reminder_fee_paid" bigint not null default 0,
      alter column "late_payment_interest" drop not null,
      add constraint "invoice_kind_check" check ("kind" in ('invoice', 'interest')
        and ("kind" = 'interest') = ("interest_for_invoice_id" is not null)),
      add constraint "invoice_late_payment_interest_statutory_check"
        check ("late_payment_interest_statutory" = ("late_payment_interest" is null)),
      add constraint "invoice_reminder_interval_check" check ("reminder_interval" in (7, 14)),
      add constraint "invoice_reminder_fee_check" check ("reminder_fee" is null or ("reminder_fee" > 0 and "currency" = 'SEK')),
      add constraint "invoice_reminder_fee_paid_check" check (
        "reminder_fee_charged" >= 0 and "reminder_fee_paid" >= 0 and "reminder_fee_paid" <= "reminder_fee_charged"
        and "reminder_fee_charged" <= coalesce("reminder_fee", 0));`);
    this.addSql(
      `comment on column "invoice"."reminder_fee" is 'The reminder fee the invoice states in advance (SEK öre), charged with its first reminder; null: none.';`,
    );
    this.addSql(
      `comment on column "invoice"."late_payment_interest" is 'The yearly rate typed on the invoice; null when it states the statutory rate (reference rate + 8 points per half-year).';`,
    );
    // One live interest invoice per late-paid invoice (a deleted draft of one does not count).
    this.addSql(
      `create unique index "invoice_interest_for_unique" on "invoice" ("interest_for_invoice_id") where "interest_for_invoice_id" is not null and "state" <> 'deleted';`,
    );
    // The reminder run: unpaid invoices with reminders on, by due date (a few per day among millions).
    this.addSql(
      `create index "invoice_reminder_candidates_index" on "invoice" ("due_date", "id") where "reminder_interval" is not null and "state" in ('sent', 'partially_paid');`,
    );
    // The overdue list and the dashboard's overdue sum: one owner's unpaid invoices by due date.
    this.addSql(
      `create index "invoice_owner_unpaid_due_date_index" on "invoice" ("owner_id", "due_date", "id") where "state" in ('sent', 'partially_paid');`,
    );

    this.addSql(`create table "invoice_reminder" (
      "id" uuid not null default gen_random_uuid(),
      "invoice_id" uuid not null references "invoice" ("id"),
      "owner_id" uuid not null references "app_user" ("id"),
      "sequence" smallint not null check ("sequence" in (1, 2)),
      "sent_on" date not null,
      "currency" char(3) not null,
      "outstanding" bigint not null check ("outstanding" > 0),
      "fee" bigint not null default 0 check ("fee" >= 0),
      "recipient_email" varchar(254) not null,
      "reply_to" varchar(254) null,
      "delivery_state" varchar(16) not null default 'pending'
        check ("delivery_state" in ('pending', 'delivered', 'failed', 'cancelled')),
      "attempts" smallint not null default 0,
      "delivery_lease_until" timestamptz null,
      "last_error" varchar(500) null,
      "delivered_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "invoice_reminder_pkey" primary key ("id"),
      constraint "invoice_reminder_invoice_sequence_unique" unique ("invoice_id", "sequence"));`);
    this.addSql(
      `create index "invoice_reminder_pending_index" on "invoice_reminder" ("created_at") where "delivery_state" = 'pending';`,
    );

    this.addSql(`alter table "incoming_payment"
      add column "fee_amount" bigint not null default 0 check ("fee_amount" >= 0),
      drop constraint "incoming_payment_matched_check",
      add constraint "incoming_payment_matched_check" check (
        ("status" = 'matched') = ("invoice_id" is not null)
        and ("status" = 'matched') = ("unmatched_reason" is null)
        and ("status" = 'matched' or ("applied_amount" = 0 and "overpaid_amount" = 0 and "fee_amount" = 0)));`);

    this.addSql(`alter table "app_user"
      add column "reminder_interval" smallint null check ("reminder_interval" in (7, 14)),
      add column "reminder_fee" boolean not null default false;`);

    this.addSql(`update "invoice_event" e
      set "data" = e."data" || jsonb_build_object('paymentDate', to_char(p."payment_date", 'YYYY-MM-DD'))
      from "incoming_payment" p
      where e."event" in ('partial_payment', 'full_payment') and p."id"::text = e."data" ->> 'paymentId'
        and not e."data" ? 'paymentDate';`);
  }
}
