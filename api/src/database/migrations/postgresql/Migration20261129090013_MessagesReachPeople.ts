import { Migration } from '@mikro-orm/migrations';

// Issue 30 §3: versioned message templates (and the version each message was made from);
// document requests with a due date and reminder bookkeeping on document_task.
export class Migration20261129090013_MessagesReachPeople extends Migration {
  override up(): void {
    this.addSql(
      `create table "message_template" ("id" uuid not null, "key" varchar(100) not null, "version" int not null, "name" varchar(200) not null, "subject" varchar(200) not null, "body" text not null, "created_by_id" uuid null, "created_at" timestamptz not null, constraint "message_template_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "message_template" add constraint "message_template_key_version_unique" unique ("key", "version");`,
    );

    this.addSql(
      `alter table "message_template" add constraint "message_template_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "document_task" add column "requested_by_id" uuid null, add column "due_date" varchar(10) null, add column "last_reminded_at" timestamptz null, add column "overdue_reminded_at" timestamptz null, add column "reminder_count" int not null default 0;`,
    );
    this.addSql(
      `alter table "document_task" add constraint "document_task_requested_by_id_foreign" foreign key ("requested_by_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "message" add column "template_key" varchar(100) null, add column "template_version" int null;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "message_template" cascade;`);

    this.addSql(`alter table "document_task" drop constraint "document_task_requested_by_id_foreign";`);

    this.addSql(
      `alter table "document_task" drop column "requested_by_id", drop column "due_date", drop column "last_reminded_at", drop column "overdue_reminded_at", drop column "reminder_count";`,
    );

    this.addSql(`alter table "message" drop column "template_key", drop column "template_version";`);
  }
}
