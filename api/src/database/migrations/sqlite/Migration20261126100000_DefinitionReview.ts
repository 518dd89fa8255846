import { Migration } from '@mikro-orm/migrations';

// Issue 9: the release workflow's columns on definition_version (four eyes, scheduled publish).
export class Migration20261126100000_DefinitionReview extends Migration {
  override up(): void {
    for (const column of [
      `\`review_state\` text not null default 'editing'`,
      `\`release_note\` text null`,
      `\`source_url\` text null`,
      `\`submitted_by_id\` text null`,
      `\`submitted_at\` datetime null`,
      `\`approved_by_id\` text null`,
      `\`approved_at\` datetime null`,
      `\`approved_checksum\` text null`,
      `\`updated_by_id\` text null`,
      `\`updated_at\` datetime null`,
    ]) {
      this.addSql(`alter table \`definition_version\` add column ${column};`);
    }
    // Versions published before the workflow existed read as published, not as being edited.
    this.addSql(
      `update \`definition_version\` set \`review_state\` = 'published' where \`status\` <> 'draft';`,
    );
  }
}
