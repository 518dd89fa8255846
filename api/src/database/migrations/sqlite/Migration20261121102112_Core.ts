import { Migration } from '@mikro-orm/migrations';

export class Migration20261121102112_Core extends Migration {
  override up(): void {
    this.addSql(
      `create table \`users\` (\`id\` text not null, \`email\` text not null, \`username\` text not null, \`display_name\` text not null default '', \`avatar\` text null, \`role\` text not null default 'CLIENT', \`is_active\` integer not null default true, \`password_hash\` text not null, \`notification_preferences\` json not null, \`date_joined\` datetime not null, \`last_login\` datetime null, \`erased_at\` datetime null, \`version\` integer not null default 1, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`users_email_unique\` on \`users\` (\`email\`);`);
    this.addSql(`create index \`users_role_index\` on \`users\` (\`role\`);`);

    this.addSql(
      `create table \`password_reset_tokens\` (\`id\` text not null, \`user_id\` text not null, \`token_hash\` text not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`used_at\` datetime null, constraint \`password_reset_tokens_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`password_reset_tokens_user_id_index\` on \`password_reset_tokens\` (\`user_id\`);`,
    );
    this.addSql(
      `create unique index \`password_reset_tokens_token_hash_unique\` on \`password_reset_tokens\` (\`token_hash\`);`,
    );

    this.addSql(
      `create table \`auth_sessions\` (\`id\` text not null, \`user_id\` text not null, \`remember\` integer not null default false, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`revoked_at\` datetime null, \`revoke_reason\` text null, \`ip\` text null, \`user_agent\` text null, constraint \`auth_sessions_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`auth_sessions_user_id_index\` on \`auth_sessions\` (\`user_id\`);`);

    this.addSql(
      `create table \`refresh_tokens\` (\`id\` text not null, \`session_id\` text not null, \`token_hash\` text not null, \`parent_id\` text null, \`issued_at\` datetime not null, \`expires_at\` datetime not null, \`replaced_by_id\` text null, \`replaced_at\` datetime null, constraint \`refresh_tokens_session_id_foreign\` foreign key(\`session_id\`) references \`auth_sessions\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`refresh_tokens_session_id_index\` on \`refresh_tokens\` (\`session_id\`);`);

    this.addSql(
      `create table \`activity_logs\` (\`id\` text not null, \`user_id\` text null, \`action\` text not null, \`target_type\` text null, \`target_id\` text null, \`ip\` text null, \`user_agent\` text null, \`detail\` json null, \`created_at\` datetime not null, constraint \`activity_logs_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`activity_logs_user_id_index\` on \`activity_logs\` (\`user_id\`);`);
    this.addSql(
      `create index \`activity_logs_action_created_at_index\` on \`activity_logs\` (\`action\`, \`created_at\`);`,
    );
    this.addSql(`create index \`activity_logs_created_at_index\` on \`activity_logs\` (\`created_at\`);`);
  }
}
