import { Migration } from '@mikro-orm/migrations';

/** Accounts, sessions, email tokens, rate limits and the shared audit log. */
export class Migration20261121000100Auth extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "app_user" (
      "id" uuid not null default gen_random_uuid(),
      "email" varchar(254) not null,
      "password_hash" text not null,
      "first_name" varchar(100) null,
      "last_name" varchar(100) null,
      "preferred_locale" varchar(2) not null default 'sv',
      "email_confirmed_at" timestamptz null,
      "legacy" boolean not null default false,
      "is_admin" boolean not null default false,
      "disabled_at" timestamptz null,
      "phone_number" varchar(16) null,
      "alternate_email" varchar(254) null,
      "income_tax_rate" numeric(5,2) not null default 30,
      "pension_rate" numeric(5,2) not null default 0,
      "payout_preference" varchar(20) not null default 'payout_monthly',
      "government_id" varchar(12) null,
      "terms_accepted_at" timestamptz null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "app_user_pkey" primary key ("id"),
      constraint "app_user_preferred_locale_check" check ("preferred_locale" in ('sv', 'en')),
      constraint "app_user_income_tax_rate_check" check ("income_tax_rate" between 0 and 60),
      constraint "app_user_pension_rate_check" check ("pension_rate" between 0 and 30),
      constraint "app_user_payout_preference_check" check ("payout_preference" in ('payout_monthly', 'payout_immediate')),
      constraint "app_user_government_id_check" check ("government_id" ~ '^[0-9]{12}$'));`);
    this.addSql(`create unique index "app_user_email_unique" on "app_user" (lower("email"));`);

    this.addSql(`create table "user_address" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "street_name" varchar(200) not null,
      "postal_code" varchar(20) not null,
      "city" varchar(100) not null,
      "country" varchar(2) not null,
      "created_at" timestamptz not null default now(),
      "updated_at" timestamptz not null default now(),
      constraint "user_address_pkey" primary key ("id"),
      constraint "user_address_user_id_unique" unique ("user_id"));`);

    // Sessions are read on every request by one indexed lookup of the token's hash.
    this.addSql(`create table "auth_session" (
      "id" uuid not null default gen_random_uuid(),
      "token_hash" varchar(64) not null,
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "impersonator_id" uuid null references "app_user" ("id") on delete cascade,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "last_seen_at" timestamptz not null default now(),
      "ip" varchar(45) null,
      "user_agent" varchar(300) null,
      constraint "auth_session_pkey" primary key ("id"),
      constraint "auth_session_token_hash_unique" unique ("token_hash"));`);
    this.addSql(`create index "auth_session_user_id_index" on "auth_session" ("user_id");`);
    this.addSql(`create index "auth_session_expires_at_index" on "auth_session" ("expires_at");`);

    this.addSql(`create table "auth_token" (
      "id" uuid not null default gen_random_uuid(),
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "purpose" varchar(30) not null,
      "token_hash" varchar(64) not null,
      "email" varchar(254) not null,
      "created_at" timestamptz not null default now(),
      "expires_at" timestamptz not null,
      "consumed_at" timestamptz null,
      constraint "auth_token_pkey" primary key ("id"),
      constraint "auth_token_token_hash_unique" unique ("token_hash"),
      constraint "auth_token_purpose_check" check ("purpose" in ('email_confirmation', 'password_reset', 'email_change')));`);
    this.addSql(`create index "auth_token_user_id_purpose_index" on "auth_token" ("user_id", "purpose");`);

    // Fixed-window counters; the key is a SHA-256 of scope, IP address and email, never the address itself.
    this.addSql(`create table "rate_limit" (
      "key" varchar(64) not null,
      "window_started_at" timestamptz not null,
      "hits" integer not null,
      constraint "rate_limit_pkey" primary key ("key"));`);

    // No foreign keys: the audit trail outlives the rows it talks about.
    this.addSql(`create table "audit_event" (
      "id" uuid not null default gen_random_uuid(),
      "actor_user_id" uuid null,
      "subject_user_id" uuid null,
      "action" varchar(100) not null,
      "data" jsonb not null default '{}',
      "ip" varchar(45) null,
      "created_at" timestamptz not null default now(),
      constraint "audit_event_pkey" primary key ("id"));`);
    this.addSql(
      `create index "audit_event_subject_user_id_created_at_index" on "audit_event" ("subject_user_id", "created_at" desc);`,
    );
    this.addSql(
      `create index "audit_event_actor_user_id_created_at_index" on "audit_event" ("actor_user_id", "created_at" desc);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "audit_event";`);
    this.addSql(`drop table if exists "rate_limit";`);
    this.addSql(`drop table if exists "auth_token";`);
    this.addSql(`drop table if exists "auth_session";`);
    this.addSql(`drop table if exists "user_address";`);
    this.addSql(`drop table if exists "app_user";`);
  }
}
