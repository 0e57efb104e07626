import { Migration } from '@mikro-orm/migrations';

/**
 * A campaign code's uses, counted (issue 21: `maxUses` was never enforced, `uses` stayed 0 while invoices went out with
 * the code). An invoice holds one use of its code from the send that took it out of the draft
 * (docs/product/invoices.md#campaign-codes): `campaign_code_counted_at` says since when; `campaign_code.uses` is the
 * number of invoices holding one. The sending module counts a use with a conditional update of the code's row in the
 * send's transaction, so concurrent sends can never pass `max_uses` (the existing check constraint backs that up).
 *
 * Invoices already past their send when this runs are given the use they should have had, and each code's `uses` is
 * recounted from them. A code that was over its limit that way (the bug let it) gets its limit raised to its uses, so
 * the constraint holds and the code is used up from now on; the money already paid with it stays paid.
 */
export class Migration20261127120000CampaignCodeUses extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "invoice" add column "campaign_code_counted_at" timestamptz null;`);
    this.addSql(
      `alter table "invoice" add constraint "invoice_campaign_code_counted_check"
         check ("campaign_code_counted_at" is null or "campaign_code_id" is not null);`,
    );
    this.addSql(
      `comment on column "invoice"."campaign_code_counted_at" is 'When the invoice took one use of its campaign code (its send); null: it holds none.';`,
    );
    this.addSql(
      `update "invoice" set "campaign_code_counted_at" = coalesce("sent_at", "updated_at")
       where "campaign_code_id" is not null and "state" not in ('draft', 'deleted');`,
    );
    this.addSql(
      `update "campaign_code" c set "uses" = n.uses,
         "max_uses" = case when c."max_uses" is null then null else greatest(c."max_uses", n.uses) end
       from (select c2."id", (select count(*)::int from "invoice" i
               where i."campaign_code_id" = c2."id" and i."campaign_code_counted_at" is not null) as uses
             from "campaign_code" c2) n
       where n."id" = c."id";`,
    );
    this.addSql(
      `comment on column "campaign_code"."uses" is 'Invoices holding a use of the code (invoice.campaign_code_counted_at); counted at the send with a conditional update (uses < max_uses).';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "invoice" drop constraint if exists "invoice_campaign_code_counted_check";`);
    this.addSql(`alter table "invoice" drop column if exists "campaign_code_counted_at";`);
  }
}
