import { Migration } from '@mikro-orm/migrations';

/**
 * The frame's notices an account has closed (docs/product/web-app.md#the-frame): remembered per account, so a notice
 * closed on the phone stays closed on the laptop. One row per closed notice; the session lookup reads them.
 */
export class Migration20261124150000DismissedNotices extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "dismissed_notice" (
      "user_id" uuid not null references "app_user" ("id") on delete cascade,
      "notice" varchar(40) not null check ("notice" in ('brand_rename', 'survey_2')),
      "dismissed_at" timestamptz not null default now(),
      constraint "dismissed_notice_pkey" primary key ("user_id", "notice"));`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "dismissed_notice";`);
  }
}
