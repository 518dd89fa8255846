import { Migration } from '@mikro-orm/migrations';

export class Migration20261126094501_EmailChangeUndo extends Migration {
  override up(): void {
    this.addSql(
      `create table "email_change_undo_tokens" ("id" uuid not null, "user_id" uuid not null, "old_email" varchar(254) not null, "new_email" varchar(254) not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, "used_at" timestamptz null, constraint "email_change_undo_tokens_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "email_change_undo_tokens" add constraint "email_change_undo_tokens_token_hash_unique" unique ("token_hash");`,
    );
    this.addSql(
      `create index "email_change_undo_tokens_user_id_index" on "email_change_undo_tokens" ("user_id");`,
    );
    this.addSql(
      `alter table "email_change_undo_tokens" add constraint "email_change_undo_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override down(): void {
    this.addSql(`drop table if exists "email_change_undo_tokens" cascade;`);
  }
}
