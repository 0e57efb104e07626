import { Migration } from '@mikro-orm/migrations';

/**
 * The back office's reads: accounts found by any part of their address, name or personal identity number (a trigram
 * index over the same expression the search uses, see modules/auth/user-administration.ts), the audit log newest
 * first and by action, the approval queue, and the invoices that carry a campaign code.
 */
export class Migration20261124120000BackOffice extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create extension if not exists "pg_trgm";`);
    this.addSql(
      `create index "app_user_search_index" on "app_user" using gin ((lower("email") || ' ' || lower(coalesce("first_name", '')) || ' ' || lower(coalesce("last_name", '')) || ' ' || coalesce("government_id", '')) gin_trgm_ops);`,
    );
    this.addSql(`create index "app_user_admin_index" on "app_user" ("id") where "is_admin";`);
    this.addSql(`create index "audit_event_created_at_index" on "audit_event" ("created_at" desc, "id" desc);`);
    // varchar_pattern_ops: `action like 'impersonation.%'` uses it whatever the database's collation.
    this.addSql(
      `create index "audit_event_action_created_at_index" on "audit_event" ("action" varchar_pattern_ops, "created_at" desc);`,
    );
    this.addSql(
      `create index "invoice_need_admin_approval_index" on "invoice" ("updated_at", "id") where "state" = 'need_admin_approval';`,
    );
    this.addSql(
      `create index "invoice_campaign_code_index" on "invoice" ("campaign_code_id", "created_at" desc, "id") where "campaign_code_id" is not null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop index if exists "invoice_campaign_code_index";`);
    this.addSql(`drop index if exists "invoice_need_admin_approval_index";`);
    this.addSql(`drop index if exists "audit_event_action_created_at_index";`);
    this.addSql(`drop index if exists "audit_event_created_at_index";`);
    this.addSql(`drop index if exists "app_user_admin_index";`);
    this.addSql(`drop index if exists "app_user_search_index";`);
  }
}
