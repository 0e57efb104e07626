import { Migration } from '@mikro-orm/migrations';

/**
 * Vacation pay (issue 25; docs/product/payments.md#vacation-pay). Every salary item states the part of its gross salary
 * that is vacation pay (12 %, semesterlagen 16 b §: V = round(G × 12/112), half up) and the rate it used; a freelancer
 * may save it ("spara semesterersättning", `app_user.save_vacation_pay`): the item then sets V and the employer
 * contributions that belong to it aside (`saved_vacation_pay_amount`, `saved_vacation_pay_social_fee`), its net and
 * payout leave V out, and a payout of kind `vacation_pay` later takes it (`vacation_pay_payout_id`, the same "at most one
 * payout at a time" rule as `payout_id`) with the income tax of its payout day (`payout.gross_amount`,
 * `income_tax_rate`, `income_tax_amount`; the contributions it makes due in `social_fee_amount`).
 *
 * Items booked before this have their vacation pay split out of their gross salary with the same rounding (PostgreSQL's
 * numeric round is half away from zero, as money.ts's; G × 12 / 112 is exact to well past the half). Nothing else of
 * theirs changes: none was saved.
 */
export class Migration20261127130000VacationPay extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "app_user" add column "save_vacation_pay" boolean not null default false;`);
    this.addSql(
      `comment on column "app_user"."save_vacation_pay" is 'Spara semesterersättning: set the vacation pay of each new salary aside (with its employer contributions) until the yearly payout or a request.';`,
    );

    this.addSql(`alter table "payout" drop constraint if exists "payout_kind_check";`);
    this.addSql(`alter table "payout" alter column "kind" type varchar(16);`);
    this.addSql(
      `alter table "payout" add constraint "payout_kind_check" check ("kind" in ('monthly', 'immediate', 'manual', 'vacation_pay'));`,
    );
    this.addSql(`alter table "payout"
      add column "gross_amount" bigint null,
      add column "income_tax_rate" numeric(7,4) null,
      add column "income_tax_amount" bigint null,
      add column "social_fee_amount" bigint null;`);
    this.addSql(`alter table "payout" add constraint "payout_vacation_pay_check" check (
      ("kind" = 'vacation_pay') = ("gross_amount" is not null)
      and ("gross_amount" is null or ("income_tax_rate" is not null and "income_tax_amount" >= 0
        and "social_fee_amount" >= 0 and "amount" = "gross_amount" - "income_tax_amount")));`);

    this.addSql(`alter table "salary_item"
      add column "vacation_pay_rate" numeric(7,4) null,
      add column "vacation_pay_amount" bigint null,
      add column "saved_vacation_pay_amount" bigint not null default 0,
      add column "saved_vacation_pay_social_fee" bigint not null default 0,
      add column "vacation_pay_payout_id" uuid null references "payout" ("id");`);
    this.addSql(
      `update "salary_item" set "vacation_pay_rate" = 12, "vacation_pay_amount" = round("gross_salary"::numeric * 12 / 112);`,
    );
    this.addSql(`alter table "salary_item"
      alter column "vacation_pay_rate" set not null,
      alter column "vacation_pay_amount" set not null;`);
    this.addSql(`alter table "salary_item" drop constraint "salary_item_adds_up_check";`);
    this.addSql(`alter table "salary_item" add constraint "salary_item_adds_up_check" check (
      "amount" + "deductible_input_vat" = "commission_amount" + "reimbursements" + "uncovered_reimbursements"
        + "gross_salary" + "social_fee_amount" + "pension_amount" + "pension_tax_amount"
      and "payout_amount" = "net_salary" + "reimbursements"
      and "net_salary" = "gross_salary" - "saved_vacation_pay_amount" - "income_tax_amount");`);
    this.addSql(`alter table "salary_item" add constraint "salary_item_vacation_pay_check" check (
      "vacation_pay_amount" between 0 and "gross_salary"
      and "saved_vacation_pay_amount" in (0, "vacation_pay_amount")
      and "saved_vacation_pay_social_fee" between 0 and "social_fee_amount"
      and ("saved_vacation_pay_amount" > 0 or ("saved_vacation_pay_social_fee" = 0 and "vacation_pay_payout_id" is null)));`);
    // Saved vacation pay not yet in a payout, per owner (the balance, a request) and by day saved (the yearly batch).
    this.addSql(
      `create index "salary_item_saved_vacation_pay_index" on "salary_item" ("registered_on", "owner_id")
       where "saved_vacation_pay_amount" > 0 and "vacation_pay_payout_id" is null;`,
    );
    this.addSql(
      `create index "salary_item_vacation_pay_payout_index" on "salary_item" ("vacation_pay_payout_id") where "vacation_pay_payout_id" is not null;`,
    );
    this.addSql(
      `comment on column "salary_item"."vacation_pay_amount" is 'The part of gross_salary that is vacation pay: round(gross × rate / (100 + rate)), half up.';`,
    );
    this.addSql(
      `comment on column "salary_item"."saved_vacation_pay_amount" is 'Vacation pay set aside instead of paid (0 or vacation_pay_amount); owed to the freelancer until its vacation_pay payout is paid out.';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "salary_item_vacation_pay_payout_index";`);
    this.addSql(`drop index if exists "salary_item_saved_vacation_pay_index";`);
    this.addSql(`alter table "salary_item" drop constraint if exists "salary_item_vacation_pay_check";`);
    this.addSql(`alter table "salary_item" drop constraint if exists "salary_item_adds_up_check";`);
    this.addSql(`alter table "salary_item" drop column "vacation_pay_payout_id", drop column "saved_vacation_pay_social_fee",
      drop column "saved_vacation_pay_amount", drop column "vacation_pay_amount", drop column "vacation_pay_rate";`);
    this.addSql(`alter table "salary_item" add constraint "salary_item_adds_up_check" check (
      "amount" + "deductible_input_vat" = "commission_amount" + "reimbursements" + "uncovered_reimbursements"
        + "gross_salary" + "social_fee_amount" + "pension_amount" + "pension_tax_amount"
      and "payout_amount" = "net_salary" + "reimbursements"
      and "net_salary" = "gross_salary" - "income_tax_amount");`);
    this.addSql(`alter table "payout" drop constraint if exists "payout_vacation_pay_check";`);
    this.addSql(`alter table "payout" drop column "social_fee_amount", drop column "income_tax_amount",
      drop column "income_tax_rate", drop column "gross_amount";`);
    this.addSql(`alter table "payout" drop constraint if exists "payout_kind_check";`);
    this.addSql(`alter table "payout" alter column "kind" type varchar(10);`);
    this.addSql(
      `alter table "payout" add constraint "payout_kind_check" check ("kind" in ('monthly', 'immediate', 'manual'));`,
    );
    this.addSql(`alter table "app_user" drop column "save_vacation_pay";`);
  }
}
