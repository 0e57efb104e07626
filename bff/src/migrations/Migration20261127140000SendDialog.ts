import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 24, sending: the freelancer's message to the customer travels with the document it goes with (the invoice
 * email shows it; the send event keeps it too), and an invoice waiting for its customer's e-invoice acceptance records
 * when the freelancer was told it has waited past the limit (docs/product/sending.md#waiting-for-e-invoice-acceptance),
 * so the notice is sent once.
 */
export class Migration20261127140000SendDialog extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "outgoing_document" add column "message" varchar(500) null;`);
    this.addSql(
      `comment on column "outgoing_document"."message" is 'The freelancer''s message to the customer, shown in the email (plain text, no links); null without one.';`,
    );
    this.addSql(`alter table "invoice" add column "e_invoice_wait_notified_at" timestamptz null;`);
    this.addSql(
      `comment on column "invoice"."e_invoice_wait_notified_at" is 'When the freelancer was told the invoice has waited past the limit for the customer''s e-invoice acceptance; set once, in the transaction that queues the email.';`,
    );
    // The notice job looks for waiting invoices not yet told about: few, so a partial index keeps the look cheap.
    this.addSql(
      `create index "invoice_waiting_untold_idx" on "invoice" ("id") where "state" = 'waiting' and "e_invoice_wait_notified_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "invoice_waiting_untold_idx";`);
    this.addSql(`alter table "invoice" drop column if exists "e_invoice_wait_notified_at";`);
    this.addSql(`alter table "outgoing_document" drop column if exists "message";`);
  }
}
