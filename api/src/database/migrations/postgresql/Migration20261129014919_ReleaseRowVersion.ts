import { Migration } from '@mikro-orm/migrations';

// Issue 25 §1: an optimistic-lock version on the rows the four-eyes release writes (definition
// drafts and parameter-set drafts), so two writes that read the same row cannot merge their
// changed columns. The writes also lock the rows (SELECT … FOR UPDATE).
export class Migration20261129014919_ReleaseRowVersion extends Migration {
  override up(): void {
    this.addSql(`alter table "definition_version" add column "row_version" int not null default 1;`);
    this.addSql(`alter table "parameter_set_draft" add column "row_version" int not null default 1;`);
  }

  override down(): void {
    this.addSql(`alter table "definition_version" drop column "row_version";`);
    this.addSql(`alter table "parameter_set_draft" drop column "row_version";`);
  }
}
