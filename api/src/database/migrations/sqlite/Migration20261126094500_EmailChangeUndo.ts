import { Migration } from '@mikro-orm/migrations';

export class Migration20261126094500_EmailChangeUndo extends Migration {
  override up(): void {
    this.addSql(
      `create table \`email_change_undo_tokens\` (\`id\` text not null, \`user_id\` text not null, \`old_email\` text not null, \`new_email\` text not null, \`token_hash\` text not null, \`created_at\` datetime not null, \`expires_at\` datetime not null, \`used_at\` datetime null, constraint \`email_change_undo_tokens_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`email_change_undo_tokens_user_id_index\` on \`email_change_undo_tokens\` (\`user_id\`);`,
    );
    this.addSql(
      `create unique index \`email_change_undo_tokens_token_hash_unique\` on \`email_change_undo_tokens\` (\`token_hash\`);`,
    );
  }
}
