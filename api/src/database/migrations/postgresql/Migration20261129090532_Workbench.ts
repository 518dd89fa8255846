import { Migration } from '@mikro-orm/migrations';

// Issue 30 §2, the staff workbench (see the SQLite migration of the same name).
export class Migration20261129090532_Workbench extends Migration {
  override up(): void {
    this.addSql(
      `create table "assignment_cursor" ("service_type" varchar(100) not null, "position" int not null default 0, constraint "assignment_cursor_pkey" primary key ("service_type"));`,
    );

    this.addSql(
      `create table "sla_target" ("status" varchar(30) not null, "working_days" int not null, "updated_by_id" uuid null, "updated_at" timestamptz not null, constraint "sla_target_pkey" primary key ("status"));`,
    );

    this.addSql(
      `create table "service_staff" ("id" uuid not null, "service_type" varchar(100) not null, "user_id" uuid not null, "created_at" timestamptz not null, constraint "service_staff_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "service_staff_service_type_index" on "service_staff" ("service_type");`);
    this.addSql(
      `alter table "service_staff" add constraint "service_staff_service_type_user_id_unique" unique ("service_type", "user_id");`,
    );

    this.addSql(
      `create table "saved_view" ("id" uuid not null, "owner_id" uuid not null, "name" varchar(80) not null, "filters" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "saved_view_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "saved_view" add constraint "saved_view_owner_id_name_unique" unique ("owner_id", "name");`,
    );

    this.addSql(
      `create table "claim_assignment" ("id" uuid not null, "claim_id" uuid not null, "from_user_id" uuid null, "to_user_id" uuid null, "actor_id" uuid null, "automatic" boolean not null default false, "created_at" timestamptz not null, constraint "claim_assignment_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "claim_assignment_claim_id_index" on "claim_assignment" ("claim_id");`);

    this.addSql(
      `alter table "sla_target" add constraint "sla_target_updated_by_id_foreign" foreign key ("updated_by_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "service_staff" add constraint "service_staff_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "saved_view" add constraint "saved_view_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "claim_assignment" add constraint "claim_assignment_claim_id_foreign" foreign key ("claim_id") references "claim" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "claim_assignment" add constraint "claim_assignment_from_user_id_foreign" foreign key ("from_user_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "claim_assignment" add constraint "claim_assignment_to_user_id_foreign" foreign key ("to_user_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "claim_assignment" add constraint "claim_assignment_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "claim" add column "assignee_id" uuid null, add column "status_changed_at" timestamptz null, add column "deadline" varchar(10) null, add column "deadline_label" varchar(200) null;`,
    );
    this.addSql(
      `alter table "claim" add constraint "claim_assignee_id_foreign" foreign key ("assignee_id") references "users" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "claim_assignee_id_index" on "claim" ("assignee_id");`);
    this.addSql(`create index "claim_deadline_index" on "claim" ("deadline");`);
    this.addSql(`update "claim" set "status_changed_at" = "updated_at";`);
  }

  override down(): void {
    this.addSql(`drop table if exists "assignment_cursor" cascade;`);

    this.addSql(`drop table if exists "sla_target" cascade;`);

    this.addSql(`drop table if exists "service_staff" cascade;`);

    this.addSql(`drop table if exists "saved_view" cascade;`);

    this.addSql(`drop table if exists "claim_assignment" cascade;`);

    this.addSql(`alter table "claim" drop constraint "claim_assignee_id_foreign";`);

    this.addSql(`drop index "claim_assignee_id_index";`);
    this.addSql(`drop index "claim_deadline_index";`);
    this.addSql(
      `alter table "claim" drop column "assignee_id", drop column "status_changed_at", drop column "deadline", drop column "deadline_label";`,
    );
  }
}
