import { Migration } from '@mikro-orm/migrations';

// Issue 30 §3: versioned message templates (and the version each message was made from);
// document requests with a due date and reminder bookkeeping on document_task.
export class Migration20261129090010_MessagesReachPeople extends Migration {
  override up(): void {
    this.addSql(
      `create table \`message_template\` (\`id\` text not null, \`key\` text not null, \`version\` integer not null, \`name\` text not null, \`subject\` text not null, \`body\` text not null, \`created_by_id\` text null, \`created_at\` datetime not null, constraint \`message_template_created_by_id_foreign\` foreign key(\`created_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`message_template_created_by_id_index\` on \`message_template\` (\`created_by_id\`);`,
    );
    this.addSql(
      `create unique index \`message_template_key_version_unique\` on \`message_template\` (\`key\`, \`version\`);`,
    );

    this.addSql(
      `alter table \`document_task\` add column \`requested_by_id\` text null constraint \`document_task_requested_by_id_foreign\` references \`users\` (\`id\`) on update cascade on delete set null;`,
    );
    this.addSql(`alter table \`document_task\` add column \`due_date\` text null;`);
    this.addSql(`alter table \`document_task\` add column \`last_reminded_at\` datetime null;`);
    this.addSql(`alter table \`document_task\` add column \`overdue_reminded_at\` datetime null;`);
    this.addSql(`alter table \`document_task\` add column \`reminder_count\` integer not null default 0;`);
    this.addSql(
      `create index \`document_task_requested_by_id_index\` on \`document_task\` (\`requested_by_id\`);`,
    );

    this.addSql(`alter table \`message\` add column \`template_key\` text null;`);
    this.addSql(`alter table \`message\` add column \`template_version\` integer null;`);
  }
}
