import { Migration } from '@mikro-orm/migrations';

export class Migration20261121102515_Domain extends Migration {
  override up(): void {
    this.addSql(
      `create table "contact_message" ("id" uuid not null, "name" varchar(200) not null, "email" varchar(254) not null, "phone" varchar(40) null, "subject" varchar(200) not null, "message" text not null, "created_at" timestamptz not null, constraint "contact_message_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "definition_version" ("id" uuid not null, "definition_id" varchar(100) not null, "service_type" varchar(100) not null, "aliases" jsonb not null, "version" int not null, "status" varchar(20) not null, "effective_from" varchar(10) not null, "title" varchar(300) not null, "json" jsonb not null, "checksum" varchar(64) not null, "created_at" timestamptz not null, constraint "definition_version_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "definition_version_definition_id_index" on "definition_version" ("definition_id");`,
    );
    this.addSql(
      `alter table "definition_version" add constraint "definition_version_definition_id_version_unique" unique ("definition_id", "version");`,
    );

    this.addSql(
      `create table "idempotency_key" ("id" uuid not null, "user_id" uuid not null, "key" varchar(255) not null, "assessment_id" uuid not null, "claim_id" uuid not null, "created_at" timestamptz not null, constraint "idempotency_key_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "idempotency_key" add constraint "idempotency_key_user_id_key_unique" unique ("user_id", "key");`,
    );

    this.addSql(
      `create table "parameter_set" ("id" varchar(100) not null, "json" jsonb not null, "checksum" varchar(64) not null, "updated_at" timestamptz not null, constraint "parameter_set_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "service" ("id" varchar(100) not null, "title" varchar(200) not null, "category" varchar(100) not null, "route" varchar(200) not null, "description" text not null default '', "alternative_routes" jsonb not null, "is_active" boolean not null default true, "type_code" varchar(100) null, "assessment_type" varchar(100) null, "sort_order" int not null default 0, constraint "service_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "service_category_index" on "service" ("category");`);

    this.addSql(
      `create table "news_article" ("id" uuid not null, "slug" varchar(200) not null, "title" varchar(300) not null, "summary" text not null, "body" text not null, "status" varchar(20) not null default 'draft', "published_at" timestamptz null, "author_id" uuid null, "author_name" varchar(200) not null default 'Reclaim', "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "news_article_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "news_article" add constraint "news_article_slug_unique" unique ("slug");`);
    this.addSql(`create index "news_article_status_index" on "news_article" ("status");`);
    this.addSql(`create index "news_article_published_at_index" on "news_article" ("published_at");`);

    this.addSql(
      `create table "document" ("id" uuid not null, "owner_id" uuid not null, "uploaded_by_id" uuid null, "filename" varchar(255) not null, "storage_name" varchar(64) not null, "content_type" varchar(120) not null, "size" int not null, "sha256" varchar(64) not null, "claim_id" uuid null, "assessment_id" uuid null, "uploaded_at" timestamptz not null, constraint "document_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "assessment" ("id" uuid not null, "user_id" uuid not null, "service_type" varchar(100) not null, "assessment_type" varchar(100) not null, "service_name" varchar(200) not null default '', "answers" jsonb not null, "current_step" int not null default 0, "status" varchar(20) not null default 'in_progress', "version" int not null default 1, "definition_version" int not null, "result_fields" jsonb null, "results" jsonb null, "claim_id" uuid null, "evaluated_as_of" varchar(10) null, "submitted_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "assessment_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "document_task" ("id" uuid not null, "assessment_id" uuid not null, "requirement_id" varchar(100) not null, "name" varchar(300) not null, "description" text not null default '', "required" boolean not null default true, "status" varchar(20) not null default 'pending', "uploaded_document_id" uuid null, "sort_order" int not null default 0, "completed_at" timestamptz null, "created_at" timestamptz not null, constraint "document_task_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "document_task" add constraint "document_task_assessment_id_requirement_id_unique" unique ("assessment_id", "requirement_id");`,
    );

    this.addSql(
      `create table "claim" ("id" uuid not null, "reference" varchar(20) not null, "assessment_id" uuid not null, "user_id" uuid not null, "service_type" varchar(100) not null, "service_name" varchar(200) not null default '', "status" varchar(30) not null default 'submitted', "estimated_low" double precision null, "estimated_median" double precision null, "estimated_high" double precision null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "claim_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "claim" add constraint "claim_reference_unique" unique ("reference");`);
    this.addSql(`alter table "claim" add constraint "claim_assessment_id_unique" unique ("assessment_id");`);
    this.addSql(`create index "claim_status_index" on "claim" ("status");`);

    this.addSql(
      `create table "message_thread" ("id" uuid not null, "subject" varchar(200) not null, "client_id" uuid not null, "claim_id" uuid null, "created_by_id" uuid null, "last_message_at" timestamptz not null, "created_at" timestamptz not null, constraint "message_thread_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "message" ("id" uuid not null, "thread_id" uuid not null, "sender_id" uuid not null, "from_firm" boolean not null default false, "body" text not null, "read_at" timestamptz null, "created_at" timestamptz not null, constraint "message_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "claim_event" ("id" uuid not null, "claim_id" uuid not null, "status" varchar(30) not null, "note" text not null default '', "actor_id" uuid null, "created_at" timestamptz not null, constraint "claim_event_pkey" primary key ("id"));`,
    );

    this.addSql(
      `alter table "news_article" add constraint "news_article_author_id_foreign" foreign key ("author_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "document" add constraint "document_owner_id_foreign" foreign key ("owner_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "document" add constraint "document_uploaded_by_id_foreign" foreign key ("uploaded_by_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "assessment" add constraint "assessment_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "document_task" add constraint "document_task_assessment_id_foreign" foreign key ("assessment_id") references "assessment" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "claim" add constraint "claim_assessment_id_foreign" foreign key ("assessment_id") references "assessment" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "claim" add constraint "claim_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "message_thread" add constraint "message_thread_client_id_foreign" foreign key ("client_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "message_thread" add constraint "message_thread_claim_id_foreign" foreign key ("claim_id") references "claim" ("id") on update cascade on delete set null;`,
    );
    this.addSql(
      `alter table "message_thread" add constraint "message_thread_created_by_id_foreign" foreign key ("created_by_id") references "users" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "message" add constraint "message_thread_id_foreign" foreign key ("thread_id") references "message_thread" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "message" add constraint "message_sender_id_foreign" foreign key ("sender_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "claim_event" add constraint "claim_event_claim_id_foreign" foreign key ("claim_id") references "claim" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "claim_event" add constraint "claim_event_actor_id_foreign" foreign key ("actor_id") references "users" ("id") on update cascade on delete set null;`,
    );
  }

  override down(): void {
    this.addSql(`alter table "document_task" drop constraint "document_task_assessment_id_foreign";`);

    this.addSql(`alter table "claim" drop constraint "claim_assessment_id_foreign";`);

    this.addSql(`alter table "message_thread" drop constraint "message_thread_claim_id_foreign";`);

    this.addSql(`alter table "claim_event" drop constraint "claim_event_claim_id_foreign";`);

    this.addSql(`alter table "message" drop constraint "message_thread_id_foreign";`);

    this.addSql(`drop table if exists "contact_message" cascade;`);

    this.addSql(`drop table if exists "definition_version" cascade;`);

    this.addSql(`drop table if exists "idempotency_key" cascade;`);

    this.addSql(`drop table if exists "parameter_set" cascade;`);

    this.addSql(`drop table if exists "service" cascade;`);

    this.addSql(`drop table if exists "news_article" cascade;`);

    this.addSql(`drop table if exists "document" cascade;`);

    this.addSql(`drop table if exists "assessment" cascade;`);

    this.addSql(`drop table if exists "document_task" cascade;`);

    this.addSql(`drop table if exists "claim" cascade;`);

    this.addSql(`drop table if exists "message_thread" cascade;`);

    this.addSql(`drop table if exists "message" cascade;`);

    this.addSql(`drop table if exists "claim_event" cascade;`);
  }
}
