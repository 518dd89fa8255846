import { Migration } from '@mikro-orm/migrations';

export class Migration20261123192738_ScaleOut extends Migration {
  override up(): void {
    this.addSql(
      `create table "job_progress" ("id" varchar(64) not null, "queue" varchar(100) not null, "percent" double precision not null default 0, "message" text null, "updated_at" timestamptz not null, constraint "job_progress_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "job_progress_queue_index" on "job_progress" ("queue");`);

    this.addSql(
      `create table "rate_limits" ("key" varchar(255) not null, "points" int not null default 0, "expire" bigint null, constraint "rate_limits_pkey" primary key ("key"));`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "job_progress" cascade;`);

    this.addSql(`drop table if exists "rate_limits" cascade;`);
  }
}
