import { Migration } from '@mikro-orm/migrations';

// Issue 9 point 5 / issue 13 point 4: impact runs (a background replay of every stored assessment
// of a definition against a draft) and their rows; assessments read by definition in id order.
export class Migration20261127090001_ImpactRuns extends Migration {
  override up(): void {
    this.addSql(
      `create table "impact_run" ("id" uuid not null, "definition_id" varchar(100) not null, "draft_version" int not null, "checksum" varchar(64) not null, "state" varchar(20) not null default 'queued', "total" int null, "checked" int not null default 0, "changed_count" int not null default 0, "started_by_id" uuid null, "job_id" varchar(64) null, "error" text null, "created_at" timestamptz not null, "finished_at" timestamptz null, constraint "impact_run_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "impact_run_definition_id_index" on "impact_run" ("definition_id");`);
    this.addSql(
      `create table "impact_run_row" ("run_id" uuid not null, "assessment_id" uuid not null, "client_name" varchar(300) null, "claim_reference" varchar(20) null, "before_likelihood" varchar(50) null, "after_likelihood" varchar(50) null, "before_approach" varchar(100) null, "after_approach" varchar(100) null, "before_value" double precision null, "after_value" double precision null, "changes" int not null default 0, constraint "impact_run_row_pkey" primary key ("run_id", "assessment_id"));`,
    );
    this.addSql(
      `create index "impact_run_row_run_id_client_name_index" on "impact_run_row" ("run_id", "client_name");`,
    );
    this.addSql(`create index "impact_run_row_assessment_id_index" on "impact_run_row" ("assessment_id");`);
    this.addSql(
      `alter table "impact_run_row" add constraint "impact_run_row_run_id_foreign" foreign key ("run_id") references "impact_run" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "impact_run_row" add constraint "impact_run_row_assessment_id_foreign" foreign key ("assessment_id") references "assessment" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `create index "assessment_assessment_type_id_index" on "assessment" ("assessment_type", "id");`,
    );
  }

  override down(): void {
    this.addSql(`drop index if exists "assessment_assessment_type_id_index";`);
    this.addSql(`drop table if exists "impact_run_row" cascade;`);
    this.addSql(`drop table if exists "impact_run" cascade;`);
  }
}
