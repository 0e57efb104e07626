import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000Platform extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "dev_mail" (
      "id" uuid not null default gen_random_uuid(),
      "to" varchar(320) not null,
      "subject" varchar(300) not null,
      "text" text not null,
      "html" text not null,
      "links" jsonb not null default '[]',
      "created_at" timestamptz not null default now(),
      constraint "dev_mail_pkey" primary key ("id"));`);
    this.addSql(`create index "dev_mail_to_created_at_index" on "dev_mail" ("to", "created_at" desc);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "dev_mail";`);
  }
}
