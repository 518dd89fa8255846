import { Migration } from '@mikro-orm/migrations';

export class Migration20261121102112_Core extends Migration {
  override up(): void {
    this.addSql(
      `create table "users" ("id" uuid not null, "email" varchar(254) not null, "username" varchar(150) not null, "display_name" varchar(150) not null default '', "avatar" varchar(500) null, "role" varchar(16) not null default 'CLIENT', "is_active" boolean not null default true, "password_hash" varchar(255) not null, "notification_preferences" jsonb not null, "date_joined" timestamptz not null, "last_login" timestamptz null, "erased_at" timestamptz null, "version" int not null default 1, constraint "users_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);
    this.addSql(`create index "users_role_index" on "users" ("role");`);

    this.addSql(
      `create table "password_reset_tokens" ("id" uuid not null, "user_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "password_reset_tokens_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "password_reset_tokens" add constraint "password_reset_tokens_token_hash_unique" unique ("token_hash");`,
    );

    this.addSql(
      `create table "auth_sessions" ("id" uuid not null, "user_id" uuid not null, "remember" boolean not null default false, "created_at" timestamptz not null, "expires_at" timestamptz not null, "revoked_at" timestamptz null, "revoke_reason" varchar(32) null, "ip" varchar(64) null, "user_agent" varchar(512) null, constraint "auth_sessions_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "refresh_tokens" ("id" uuid not null, "session_id" uuid not null, "token_hash" varchar(64) not null, "parent_id" uuid null, "issued_at" timestamptz not null, "expires_at" timestamptz not null, "replaced_by_id" uuid null, "replaced_at" timestamptz null, constraint "refresh_tokens_pkey" primary key ("id"));`,
    );

    this.addSql(
      `create table "activity_logs" ("id" uuid not null, "user_id" uuid null, "action" varchar(64) not null, "target_type" varchar(64) null, "target_id" varchar(64) null, "ip" varchar(64) null, "user_agent" varchar(512) null, "detail" jsonb null, "created_at" timestamptz not null, constraint "activity_logs_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "activity_logs_action_created_at_index" on "activity_logs" ("action", "created_at");`,
    );
    this.addSql(`create index "activity_logs_created_at_index" on "activity_logs" ("created_at");`);

    this.addSql(
      `alter table "password_reset_tokens" add constraint "password_reset_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "auth_sessions" add constraint "auth_sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "refresh_tokens" add constraint "refresh_tokens_session_id_foreign" foreign key ("session_id") references "auth_sessions" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "activity_logs" add constraint "activity_logs_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete set null;`,
    );
  }

  override down(): void {
    this.addSql(
      `alter table "password_reset_tokens" drop constraint "password_reset_tokens_user_id_foreign";`,
    );

    this.addSql(`alter table "auth_sessions" drop constraint "auth_sessions_user_id_foreign";`);

    this.addSql(`alter table "activity_logs" drop constraint "activity_logs_user_id_foreign";`);

    this.addSql(`alter table "refresh_tokens" drop constraint "refresh_tokens_session_id_foreign";`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "password_reset_tokens" cascade;`);

    this.addSql(`drop table if exists "auth_sessions" cascade;`);

    this.addSql(`drop table if exists "refresh_tokens" cascade;`);

    this.addSql(`drop table if exists "activity_logs" cascade;`);
  }
}
