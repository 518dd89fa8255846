import { Migration } from '@mikro-orm/migrations';

// Issue 9: the release workflow's columns on definition_version (four eyes, scheduled publish).
export class Migration20261126100001_DefinitionReview extends Migration {
  override up(): void {
    this.addSql(
      `alter table "definition_version" add column "review_state" varchar(20) not null default 'editing', add column "release_note" text null, add column "source_url" varchar(2000) null, add column "submitted_by_id" uuid null, add column "submitted_at" timestamptz null, add column "approved_by_id" uuid null, add column "approved_at" timestamptz null, add column "approved_checksum" varchar(64) null, add column "updated_by_id" uuid null, add column "updated_at" timestamptz null;`,
    );
    // Versions published before the workflow existed read as published, not as being edited.
    this.addSql(`update "definition_version" set "review_state" = 'published' where "status" <> 'draft';`);
  }

  override down(): void {
    this.addSql(
      `alter table "definition_version" drop column "review_state", drop column "release_note", drop column "source_url", drop column "submitted_by_id", drop column "submitted_at", drop column "approved_by_id", drop column "approved_at", drop column "approved_checksum", drop column "updated_by_id", drop column "updated_at";`,
    );
  }
}
