import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 8 (account security):
 * - `email_change_cancel` tokens: the link in the notice to the old address that stops a requested change;
 * - an index on `auth_session.impersonator_id`, because a password reset or change of an admin ends the
 *   impersonations that admin started;
 * - `email_suppression`: addresses whose owner said "I did not ask for this" to a customer verification email; only a
 *   SHA-256 of the lower-cased address is kept, which is all a lookup needs.
 */
export class Migration20261123120041AccountSecurity extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "auth_token" drop constraint "auth_token_purpose_check";`);
    this.addSql(`alter table "auth_token" add constraint "auth_token_purpose_check"
      check ("purpose" in ('email_confirmation', 'password_reset', 'email_change', 'email_change_cancel'));`);
    this.addSql(`create index "auth_session_impersonator_id_index" on "auth_session" ("impersonator_id")
      where "impersonator_id" is not null;`);
    this.addSql(`create table "email_suppression" (
      "email_hash" varchar(64) not null,
      "reason" varchar(40) not null,
      "created_at" timestamptz not null default now(),
      constraint "email_suppression_pkey" primary key ("email_hash"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_suppression";`);
    this.addSql(`drop index if exists "auth_session_impersonator_id_index";`);
    this.addSql(`delete from "auth_token" where "purpose" = 'email_change_cancel';`);
    this.addSql(`alter table "auth_token" drop constraint "auth_token_purpose_check";`);
    this.addSql(`alter table "auth_token" add constraint "auth_token_purpose_check"
      check ("purpose" in ('email_confirmation', 'password_reset', 'email_change'));`);
  }
}
