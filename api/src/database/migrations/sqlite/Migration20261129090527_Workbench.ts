import { Migration } from '@mikro-orm/migrations';

// Issue 30 §2, the staff workbench: assignee, status time and statutory deadline on a claim; SLA
// targets, saved views, who takes which service, the round-robin cursor, assignment history.
export class Migration20261129090527_Workbench extends Migration {
  override up(): void {
    this.addSql(
      `create table \`assignment_cursor\` (\`service_type\` text not null, \`position\` integer not null default 0, primary key (\`service_type\`));`,
    );

    this.addSql(
      `create table \`sla_target\` (\`status\` text not null, \`working_days\` integer not null, \`updated_by_id\` text null, \`updated_at\` datetime not null, constraint \`sla_target_updated_by_id_foreign\` foreign key(\`updated_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`status\`));`,
    );
    this.addSql(`create index \`sla_target_updated_by_id_index\` on \`sla_target\` (\`updated_by_id\`);`);

    this.addSql(
      `create table \`service_staff\` (\`id\` text not null, \`service_type\` text not null, \`user_id\` text not null, \`created_at\` datetime not null, constraint \`service_staff_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`service_staff_service_type_index\` on \`service_staff\` (\`service_type\`);`);
    this.addSql(`create index \`service_staff_user_id_index\` on \`service_staff\` (\`user_id\`);`);
    this.addSql(
      `create unique index \`service_staff_service_type_user_id_unique\` on \`service_staff\` (\`service_type\`, \`user_id\`);`,
    );

    this.addSql(
      `create table \`saved_view\` (\`id\` text not null, \`owner_id\` text not null, \`name\` text not null, \`filters\` json not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`saved_view_owner_id_foreign\` foreign key(\`owner_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`saved_view_owner_id_index\` on \`saved_view\` (\`owner_id\`);`);
    this.addSql(
      `create unique index \`saved_view_owner_id_name_unique\` on \`saved_view\` (\`owner_id\`, \`name\`);`,
    );

    this.addSql(
      `create table \`claim_assignment\` (\`id\` text not null, \`claim_id\` text not null, \`from_user_id\` text null, \`to_user_id\` text null, \`actor_id\` text null, \`automatic\` integer not null default false, \`created_at\` datetime not null, constraint \`claim_assignment_claim_id_foreign\` foreign key(\`claim_id\`) references \`claim\`(\`id\`) on delete cascade on update cascade, constraint \`claim_assignment_from_user_id_foreign\` foreign key(\`from_user_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`claim_assignment_to_user_id_foreign\` foreign key(\`to_user_id\`) references \`users\`(\`id\`) on delete set null on update cascade, constraint \`claim_assignment_actor_id_foreign\` foreign key(\`actor_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`claim_assignment_claim_id_index\` on \`claim_assignment\` (\`claim_id\`);`);
    this.addSql(
      `create index \`claim_assignment_from_user_id_index\` on \`claim_assignment\` (\`from_user_id\`);`,
    );
    this.addSql(
      `create index \`claim_assignment_to_user_id_index\` on \`claim_assignment\` (\`to_user_id\`);`,
    );
    this.addSql(`create index \`claim_assignment_actor_id_index\` on \`claim_assignment\` (\`actor_id\`);`);

    this.addSql(
      `alter table \`claim\` add column \`assignee_id\` text null constraint \`claim_assignee_id_foreign\` references \`users\` (\`id\`) on update cascade on delete set null;`,
    );
    this.addSql(`alter table \`claim\` add column \`status_changed_at\` datetime null;`);
    this.addSql(`alter table \`claim\` add column \`deadline\` text null;`);
    this.addSql(`alter table \`claim\` add column \`deadline_label\` text null;`);
    this.addSql(`create index \`claim_assignee_id_index\` on \`claim\` (\`assignee_id\`);`);
    this.addSql(`create index \`claim_deadline_index\` on \`claim\` (\`deadline\`);`);
    this.addSql(`update \`claim\` set \`status_changed_at\` = \`updated_at\`;`);
  }
}
