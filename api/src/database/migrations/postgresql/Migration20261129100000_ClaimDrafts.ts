import { Migration } from '@mikro-orm/migrations';

// Issue 30 §1: draft claim documents, one per route of a claim.
export class Migration20261129100000_ClaimDrafts extends Migration {
  override up(): void {
    this.addSql(
      `create table "claim_draft" ("id" uuid not null, "claim_id" uuid not null, "route_id" varchar(60) not null, "definition_id" varchar(100) not null, "definition_version" int not null, "route" jsonb not null, "facts" jsonb not null, "answers" jsonb not null, "evaluated_as_of" varchar(10) not null, "client_fields" jsonb not null, "staff_texts" jsonb not null, "signed_name" varchar(200) null, "signed_date" varchar(10) null, "signed_at" timestamptz null, "signed_by_id" uuid null, "signed_ip" varchar(64) null, "pdf_storage_name" varchar(64) null, "pdf_size" int null, "pdf_sha256" varchar(64) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "claim_draft_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "claim_draft_claim_id_index" on "claim_draft" ("claim_id");`);
    this.addSql(
      `alter table "claim_draft" add constraint "claim_draft_claim_id_route_id_unique" unique ("claim_id", "route_id");`,
    );
    this.addSql(
      `alter table "claim_draft" add constraint "claim_draft_claim_id_foreign" foreign key ("claim_id") references "claim" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "claim_draft" cascade;`);
  }
}
