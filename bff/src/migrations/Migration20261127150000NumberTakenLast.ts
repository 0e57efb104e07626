import { Migration } from '@mikro-orm/migrations';

/**
 * The number series held for the least time (docs/decisions/0035-number-taken-last.md): a send builds and checks its
 * documents before it takes a number, and takes it in the transaction's last statement, which also writes the number,
 * its OCR reference and the document, and travels with the COMMIT. So:
 * - `invoice_ocr_reference(number)`: the OCR reference of a number as domain/ocr.ts makes it (the number, a length
 *   digit, a Luhn check digit), for that statement; a test holds the two equal;
 * - `outgoing_document.ubl` may be null: the e-invoice is made from the frozen snapshot when it is first delivered or
 *   downloaded, and then kept, as the PDF already is.
 */
export class Migration20261127150000NumberTakenLast extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create function "invoice_ocr_reference"("invoice_number" bigint) returns text
      language sql immutable strict parallel safe as $$
        select p.digits || ((10 - sum(case when d.product > 9 then d.product - 9 else d.product end)::int % 10) % 10)::text
        from (select "invoice_number"::text || ((length("invoice_number"::text) + 2) % 10)::text as digits) p,
          lateral (
            -- From the right: the digit next to the check digit weighs 2, the one before it 1, and so on.
            select substr(p.digits, length(p.digits) - i, 1)::int * (2 - i % 2) as product
            from generate_series(0, length(p.digits) - 1) as i
          ) d
        group by p.digits
      $$;`);
    this.addSql(
      `comment on function "invoice_ocr_reference"(bigint) is 'The OCR reference of an invoice number, as domain/ocr.ts makes it.';`,
    );
    this.addSql(`alter table "outgoing_document" alter column "ubl" drop not null;`);
    this.addSql(
      `comment on column "outgoing_document"."ubl" is 'The e-invoice as first delivered or downloaded, made from the snapshot; null until then.';`,
    );
  }
}
