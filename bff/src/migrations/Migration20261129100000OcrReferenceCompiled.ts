import { Migration } from '@mikro-orm/migrations';

/**
 * `invoice_ocr_reference(number)` in PL/pgSQL (issue 23): the same digits as before (and as domain/ocr.ts), made
 * without planning a query on every call.
 *
 * The send's last statement makes the OCR reference of the number it has just taken, while it holds the one number
 * series (docs/decisions/0035-number-taken-last.md). As a SQL function with a FROM, a lateral generate_series and a
 * GROUP BY it cannot be inlined, so each statement that called it parsed and planned its body anew: about 0.2 ms per
 * send (pgbench, one client: a statement calling it 0.41 ms against 0.19 ms with this one), all of it inside the hold.
 * PL/pgSQL compiles the function once per connection and keeps its expressions' plans.
 */
export class Migration20261129100000OcrReferenceCompiled extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function "invoice_ocr_reference"("invoice_number" bigint) returns text
      language plpgsql immutable strict parallel safe as $$
      declare
        -- The number and a length digit: the reference's total length (check digit included) modulo 10.
        digits text := "invoice_number"::text || ((length("invoice_number"::text) + 2) % 10)::text;
        n int := length(digits);
        total int := 0;
        product int;
      begin
        -- Luhn: from the right, the digit next to the check digit weighs 2, the one before it 1, and so on.
        for i in 0 .. n - 1 loop
          product := substr(digits, n - i, 1)::int * (2 - i % 2);
          total := total + case when product > 9 then product - 9 else product end;
        end loop;
        return digits || ((10 - total % 10) % 10)::text;
      end $$;`);
  }

  override async down(): Promise<void> {
    this.addSql(`create or replace function "invoice_ocr_reference"("invoice_number" bigint) returns text
      language sql immutable strict parallel safe as $$
        select p.digits || ((10 - sum(case when d.product > 9 then d.product - 9 else d.product end)::int % 10) % 10)::text
        from (select "invoice_number"::text || ((length("invoice_number"::text) + 2) % 10)::text as digits) p,
          lateral (
            select substr(p.digits, length(p.digits) - i, 1)::int * (2 - i % 2) as product
            from generate_series(0, length(p.digits) - 1) as i
          ) d
        group by p.digits
      $$;`);
  }
}
