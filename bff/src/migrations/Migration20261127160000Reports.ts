import { Migration } from '@mikro-orm/migrations';

/**
 * The operator's reports (issue 26; docs/product/back-office.md#the-operators-month) own one table: the employer
 * declarations an admin marked declared. Each row freezes a month's figures as declared (per person and in total, öre
 * and whole kronor, with the payouts behind them), so a later change of the month (a denied payout) shows as a
 * correction against it and never changes what was declared. A declared correction is the month's next version; the
 * latest version is in force. Everything else the reports show is read from the modules that own it.
 */
export class Migration20261127160000Reports extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "employer_declaration" (
      "id" uuid not null default gen_random_uuid(),
      "month" char(7) not null check ("month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
      "version" integer not null check ("version" >= 1),
      "fingerprint" char(64) not null,
      "figures" jsonb not null,
      "declared_by" uuid null references "app_user" ("id"),
      "declared_at" timestamptz not null default now(),
      constraint "employer_declaration_pkey" primary key ("id"),
      constraint "employer_declaration_month_version_unique" unique ("month", "version"));`);
    this.addSql(
      `comment on table "employer_declaration" is 'A month''s employer declaration as an admin marked it declared: frozen; the latest version of a month is in force.';`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "employer_declaration";`);
  }
}
