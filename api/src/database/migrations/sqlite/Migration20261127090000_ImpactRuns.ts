import { Migration } from '@mikro-orm/migrations';

// Issue 9 point 5 / issue 13 point 4: impact runs (a background replay of every stored assessment
// of a definition against a draft) and their rows; assessments read by definition in id order.
export class Migration20261127090000_ImpactRuns extends Migration {
  override up(): void {
    this.addSql(
      `create table \`impact_run\` (\`id\` text not null, \`definition_id\` text not null, \`draft_version\` integer not null, \`checksum\` text not null, \`state\` text not null default 'queued', \`total\` integer null, \`checked\` integer not null default 0, \`changed_count\` integer not null default 0, \`started_by_id\` text null, \`job_id\` text null, \`error\` text null, \`created_at\` datetime not null, \`finished_at\` datetime null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`impact_run_definition_id_index\` on \`impact_run\` (\`definition_id\`);`);
    this.addSql(
      `create table \`impact_run_row\` (\`run_id\` text not null, \`assessment_id\` text not null, \`client_name\` text null, \`claim_reference\` text null, \`before_likelihood\` text null, \`after_likelihood\` text null, \`before_approach\` text null, \`after_approach\` text null, \`before_value\` double null, \`after_value\` double null, \`changes\` integer not null default 0, constraint \`impact_run_row_run_id_foreign\` foreign key(\`run_id\`) references \`impact_run\`(\`id\`) on delete cascade on update cascade, constraint \`impact_run_row_assessment_id_foreign\` foreign key(\`assessment_id\`) references \`assessment\`(\`id\`) on delete cascade on update cascade, primary key (\`run_id\`, \`assessment_id\`));`,
    );
    this.addSql(
      `create index \`impact_run_row_run_id_client_name_index\` on \`impact_run_row\` (\`run_id\`, \`client_name\`);`,
    );
    this.addSql(
      `create index \`impact_run_row_assessment_id_index\` on \`impact_run_row\` (\`assessment_id\`);`,
    );
    this.addSql(
      `create index \`assessment_assessment_type_id_index\` on \`assessment\` (\`assessment_type\`, \`id\`);`,
    );
  }
}
