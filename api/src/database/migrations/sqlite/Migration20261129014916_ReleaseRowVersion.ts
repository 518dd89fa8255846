import { Migration } from '@mikro-orm/migrations';

// Issue 25 §1: an optimistic-lock version on the rows the four-eyes release writes (definition
// drafts and parameter-set drafts), so two writes that read the same row cannot merge their
// changed columns.
export class Migration20261129014916_ReleaseRowVersion extends Migration {
  override up(): void {
    this.addSql(`alter table \`definition_version\` add column \`row_version\` integer not null default 1;`);
    this.addSql(`alter table \`parameter_set_draft\` add column \`row_version\` integer not null default 1;`);
  }
}
