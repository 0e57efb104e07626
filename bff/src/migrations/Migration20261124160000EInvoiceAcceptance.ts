import { Migration } from '@mikro-orm/migrations';

/**
 * Where an e-invoice customer's acceptance came from: the Peppol participant id it is reachable at, and whether the
 * Peppol Directory listed it or an admin said so (docs/product/back-office.md#e-invoice-recipients); and when the
 * directory was last asked about a customer it did not list, so it is not asked every minute; and when an admin said
 * it is not reachable, which the directory does not overrule.
 */
export class Migration20261124160000EInvoiceAcceptance extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "customer"
      add column "e_invoice_participant_id" varchar(60) null,
      add column "e_invoice_accepted_by" varchar(10) null check ("e_invoice_accepted_by" in ('directory', 'admin')),
      add column "e_invoice_directory_checked_at" timestamptz null,
      add column "e_invoice_unreachable_at" timestamptz null;`);
    this.addSql(
      `comment on column "customer"."e_invoice_participant_id" is 'The Peppol participant id (scheme:id) the customer receives e-invoices at.';`,
    );
    this.addSql(
      `comment on column "customer"."e_invoice_accepted_by" is 'directory: the Peppol Directory lists it; admin: support marked it reachable.';`,
    );
    this.addSql(
      `comment on column "customer"."e_invoice_unreachable_at" is 'An admin said the customer is not reachable on Peppol: the directory does not accept it on its own until an admin says it is.';`,
    );
    // The directory job looks for e-invoice customers that have not accepted yet.
    this.addSql(
      `create index "customer_e_invoice_pending_index" on "customer" ("owner_id") where "e_invoice" and "e_invoice_connected_at" is null and "deleted_at" is null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "customer_e_invoice_pending_index";`);
    this.addSql(`alter table "customer"
      drop column "e_invoice_participant_id",
      drop column "e_invoice_accepted_by",
      drop column "e_invoice_directory_checked_at",
      drop column "e_invoice_unreachable_at";`);
  }
}
