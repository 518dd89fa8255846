import { Migration } from '@mikro-orm/migrations';

// Issue 9 points 1 and 6: dated tax parameters changed in the studio through the four-eyes review
// (a draft per set, the replaced sets kept), and the file checksum the seed last stored.
export class Migration20261127100001_ParameterSetRelease extends Migration {
  override up(): void {
    this.addSql(
      `alter table "parameter_set" add column "seeded_checksum" varchar(64) null, add column "updated_by_id" uuid null;`,
    );
    // Every stored set so far came from its file.
    this.addSql(`update "parameter_set" set "seeded_checksum" = "checksum";`);
    this.addSql(
      `create table "parameter_set_draft" ("set_id" varchar(100) not null, "json" jsonb not null, "checksum" varchar(64) not null, "base_checksum" varchar(64) not null, "review_state" varchar(20) not null default 'editing', "release_note" text null, "source_url" varchar(2000) null, "last_edited_by_id" uuid null, "last_edited_at" timestamptz not null, "submitted_by_id" uuid null, "submitted_at" timestamptz null, "approved_by_id" uuid null, "approved_at" timestamptz null, "approved_checksum" varchar(64) null, constraint "parameter_set_draft_pkey" primary key ("set_id"));`,
    );
    this.addSql(
      `create table "parameter_set_version" ("id" uuid not null, "set_id" varchar(100) not null, "json" jsonb not null, "checksum" varchar(64) not null, "replaced_by_checksum" varchar(64) not null, "replaced_at" timestamptz not null, "published_by_id" uuid null, "approved_by_id" uuid null, "release_note" text null, "source_url" varchar(2000) null, constraint "parameter_set_version_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "parameter_set_version_set_id_replaced_at_index" on "parameter_set_version" ("set_id", "replaced_at");`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "parameter_set_version" cascade;`);
    this.addSql(`drop table if exists "parameter_set_draft" cascade;`);
    this.addSql(`alter table "parameter_set" drop column "seeded_checksum", drop column "updated_by_id";`);
  }
}
