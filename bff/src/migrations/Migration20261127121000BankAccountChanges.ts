import { Migration } from '@mikro-orm/migrations';

/**
 * Every registration or change of a salary account, with the cooling-off period that holds payouts to a changed account
 * and the single-use links (their SHA-256 only) that confirm or stop it (docs/product/payments.md#payout-holds).
 */
export class Migration20261127121000BankAccountChanges extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "bank_account_change" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "registration_id" uuid not null references "bank_registration" ("id"),
      "kind" varchar(10) not null check ("kind" in ('registered', 'changed')),
      "previous_masked" varchar(60) null,
      "account_masked" varchar(60) not null,
      "actor_user_id" uuid null,
      "changed_at" timestamptz not null,
      "hold_until" timestamptz null,
      "confirm_token_hash" varchar(64) null,
      "stop_token_hash" varchar(64) not null,
      "stop_link_expires_at" timestamptz not null,
      "confirmed_at" timestamptz null,
      "stopped_at" timestamptz null,
      constraint "bank_account_change_pkey" primary key ("id"),
      -- One change per registration: completing a registration records it once.
      constraint "bank_account_change_registration_key" unique ("registration_id"),
      constraint "bank_account_change_confirm_token_key" unique ("confirm_token_hash"),
      constraint "bank_account_change_stop_token_key" unique ("stop_token_hash"),
      -- A first registration replaces nothing and holds nothing; a change holds, and only it can be confirmed.
      constraint "bank_account_change_hold_only_on_change" check (
        ("kind" = 'registered') = ("hold_until" is null)
        and ("kind" = 'registered') = ("confirm_token_hash" is null)
        and ("kind" = 'registered') = ("previous_masked" is null)
        and ("confirmed_at" is null or "kind" = 'changed')));`);
    this.addSql(`create index "bank_account_change_user_idx" on "bank_account_change" ("user_id", "changed_at" desc);`);
    // The back office's list of held payouts reads the changes still open (neither confirmed nor free of a hold).
    this.addSql(`create index "bank_account_change_open_idx" on "bank_account_change" ("changed_at")
      where "confirmed_at" is null and ("hold_until" is not null or "stopped_at" is not null);`);
  }
}
