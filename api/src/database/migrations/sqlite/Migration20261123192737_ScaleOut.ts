import { Migration } from '@mikro-orm/migrations';

export class Migration20261123192737_ScaleOut extends Migration {
  override up(): void {
    this.addSql(
      `create table \`job_progress\` (\`id\` text not null, \`queue\` text not null, \`percent\` double not null default 0, \`message\` text null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`job_progress_queue_index\` on \`job_progress\` (\`queue\`);`);

    this.addSql(
      `create table \`rate_limits\` (\`key\` text not null, \`points\` integer not null default 0, \`expire\` bigint null, primary key (\`key\`));`,
    );
  }
}
