import { Migration } from '@mikro-orm/migrations';

/**
 * How many live customers each owner has, per type, kept by the database itself.
 *
 * Why: every list page shows the total. Counting a user's 10 000 customers is an index-only scan of 10 000 entries
 * (about 1 ms, most of a first page's database time), repeated on every page. These counters make the total of an
 * unfiltered or type-filtered list one primary-key read. A search still counts its matches (it scans anyway).
 *
 * Statement-level triggers with transition tables keep them right for every write, the ORM's and bulk SQL alike, at
 * one small upsert per statement; a counter row is updated in the same transaction as the customers it counts.
 */
export class Migration20261121100100CustomerCounts extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table "customer_owner_count" (
      "owner_id" uuid not null references "app_user" ("id"),
      "type" varchar(20) not null,
      "live" integer not null,
      -- No check (live >= 0): an upsert's candidate row holds the delta, which is negative when customers leave.
      constraint "customer_owner_count_pkey" primary key ("owner_id", "type"));`);

    this.addSql(`create function "customer_owner_count_apply"() returns trigger language plpgsql as $$
      begin
        -- Live rows entering (+1) and leaving (-1) each owner's count; an update that keeps type and liveness nets 0.
        if tg_op = 'INSERT' then
          insert into "customer_owner_count" ("owner_id", "type", "live")
            select "owner_id", "type", count(*) from "new_rows" where "deleted_at" is null group by 1, 2
            on conflict ("owner_id", "type") do update set "live" = "customer_owner_count"."live" + excluded."live";
        elsif tg_op = 'UPDATE' then
          insert into "customer_owner_count" ("owner_id", "type", "live")
            select "owner_id", "type", sum("delta") from (
              select "owner_id", "type", 1 as "delta" from "new_rows" where "deleted_at" is null
              union all
              select "owner_id", "type", -1 from "old_rows" where "deleted_at" is null
            ) "changes" group by 1, 2 having sum("delta") <> 0
            on conflict ("owner_id", "type") do update set "live" = "customer_owner_count"."live" + excluded."live";
        else
          update "customer_owner_count" c set "live" = c."live" - d."n"
            from (select "owner_id", "type", count(*) as "n" from "old_rows" where "deleted_at" is null group by 1, 2) d
            where c."owner_id" = d."owner_id" and c."type" = d."type";
        end if;
        return null;
      end $$;`);
    this.addSql(`create trigger "customer_owner_count_insert" after insert on "customer"
      referencing new table as "new_rows" for each statement execute function "customer_owner_count_apply"();`);
    this.addSql(`create trigger "customer_owner_count_update" after update on "customer"
      referencing old table as "old_rows" new table as "new_rows" for each statement execute function "customer_owner_count_apply"();`);
    this.addSql(`create trigger "customer_owner_count_delete" after delete on "customer"
      referencing old table as "old_rows" for each statement execute function "customer_owner_count_apply"();`);

    this.addSql(`insert into "customer_owner_count" ("owner_id", "type", "live")
      select "owner_id", "type", count(*) from "customer" where "deleted_at" is null group by 1, 2;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop trigger if exists "customer_owner_count_delete" on "customer";`);
    this.addSql(`drop trigger if exists "customer_owner_count_update" on "customer";`);
    this.addSql(`drop trigger if exists "customer_owner_count_insert" on "customer";`);
    this.addSql(`drop function if exists "customer_owner_count_apply"();`);
    this.addSql(`drop table if exists "customer_owner_count";`);
  }
}
