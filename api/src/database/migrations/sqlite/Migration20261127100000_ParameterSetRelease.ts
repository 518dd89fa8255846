import { Migration } from '@mikro-orm/migrations';

// Issue 9 points 1 and 6: dated tax parameters changed in the studio through the four-eyes review
// (a draft per set, the replaced sets kept), and the file checksum the seed last stored.
export class Migration20261127100000_ParameterSetRelease extends Migration {
  override up(): void {
    this.addSql(`alter table \`parameter_set\` add column \`seeded_checksum\` text null;`);
    this.addSql(`alter table \`parameter_set\` add column \`updated_by_id\` text null;`);
    // Every stored set so far came from its file.
    this.addSql(`update \`parameter_set\` set \`seeded_checksum\` = \`checksum\`;`);
    this.addSql(
      `create table \`parameter_set_draft\` (\`set_id\` text not null, \`json\` json not null, \`checksum\` text not null, \`base_checksum\` text not null, \`review_state\` text not null default 'editing', \`release_note\` text null, \`source_url\` text null, \`last_edited_by_id\` text null, \`last_edited_at\` datetime not null, \`submitted_by_id\` text null, \`submitted_at\` datetime null, \`approved_by_id\` text null, \`approved_at\` datetime null, \`approved_checksum\` text null, primary key (\`set_id\`));`,
    );
    this.addSql(
      `create table \`parameter_set_version\` (\`id\` text not null, \`set_id\` text not null, \`json\` json not null, \`checksum\` text not null, \`replaced_by_checksum\` text not null, \`replaced_at\` datetime not null, \`published_by_id\` text null, \`approved_by_id\` text null, \`release_note\` text null, \`source_url\` text null, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`parameter_set_version_set_id_replaced_at_index\` on \`parameter_set_version\` (\`set_id\`, \`replaced_at\`);`,
    );
  }
}
