import { Migration } from '@mikro-orm/migrations';

/** The salary account (sealed) and the registrations at the provider that set it. */
export class Migration20261123200000BankDetails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "bank_registration" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "provider" varchar(20) not null,
      "status" varchar(12) not null check ("status" in ('pending', 'succeeded', 'cancelled', 'failed')),
      "locale" varchar(2) not null check ("locale" in ('sv', 'en')),
      "failed_attempts" smallint not null default 0,
      "sealed_account" text null,
      "failure_reason" varchar(40) null,
      "expires_at" timestamptz not null,
      "completed_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      constraint "bank_registration_pkey" primary key ("id"),
      -- Only a provider that succeeded holds an account, and it is let go once the registration completes.
      constraint "bank_registration_sealed_only_on_success"
        check ("sealed_account" is null or ("status" = 'succeeded' and "completed_at" is null)));`);
    this.addSql(`create index "bank_registration_user_idx" on "bank_registration" ("user_id", "created_at" desc);`);

    this.addSql(`create table "bank_account" (
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "kind" varchar(10) not null check ("kind" in ('domestic', 'iban')),
      "sealed_account" text not null,
      "key_id" varchar(16) not null,
      "masked" varchar(60) not null,
      "bank_name" varchar(60) null,
      "registration_id" uuid not null references "bank_registration" ("id"),
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "bank_account_pkey" primary key ("user_id"));`);
  }
}
