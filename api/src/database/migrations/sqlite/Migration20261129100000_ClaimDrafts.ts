import { Migration } from '@mikro-orm/migrations';

// Issue 30 §1: draft claim documents, one per route of a claim.
export class Migration20261129100000_ClaimDrafts extends Migration {
  override up(): void {
    this.addSql(
      `create table \`claim_draft\` (\`id\` text not null, \`claim_id\` text not null, \`route_id\` text not null, \`definition_id\` text not null, \`definition_version\` integer not null, \`route\` json not null, \`facts\` json not null, \`answers\` json not null, \`evaluated_as_of\` text not null, \`client_fields\` json not null, \`staff_texts\` json not null, \`signed_name\` text null, \`signed_date\` text null, \`signed_at\` datetime null, \`signed_by_id\` text null, \`signed_ip\` text null, \`pdf_storage_name\` text null, \`pdf_size\` integer null, \`pdf_sha256\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`claim_draft_claim_id_foreign\` foreign key(\`claim_id\`) references \`claim\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`claim_draft_claim_id_index\` on \`claim_draft\` (\`claim_id\`);`);
    this.addSql(
      `create unique index \`claim_draft_claim_id_route_id_unique\` on \`claim_draft\` (\`claim_id\`, \`route_id\`);`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists \`claim_draft\`;`);
  }
}
