import { Migration } from '@mikro-orm/migrations';

export class Migration20261121102514_Domain extends Migration {
  override up(): void {
    this.addSql(
      `create table \`contact_message\` (\`id\` text not null, \`name\` text not null, \`email\` text not null, \`phone\` text null, \`subject\` text not null, \`message\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );

    this.addSql(
      `create table \`definition_version\` (\`id\` text not null, \`definition_id\` text not null, \`service_type\` text not null, \`aliases\` json not null, \`version\` integer not null, \`status\` text not null, \`effective_from\` text not null, \`title\` text not null, \`json\` json not null, \`checksum\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`definition_version_definition_id_index\` on \`definition_version\` (\`definition_id\`);`,
    );
    this.addSql(
      `create unique index \`definition_version_definition_id_version_unique\` on \`definition_version\` (\`definition_id\`, \`version\`);`,
    );

    this.addSql(
      `create table \`idempotency_key\` (\`id\` text not null, \`user_id\` text not null, \`key\` text not null, \`assessment_id\` text not null, \`claim_id\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(
      `create unique index \`idempotency_key_user_id_key_unique\` on \`idempotency_key\` (\`user_id\`, \`key\`);`,
    );

    this.addSql(
      `create table \`parameter_set\` (\`id\` text not null, \`json\` json not null, \`checksum\` text not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );

    this.addSql(
      `create table \`service\` (\`id\` text not null, \`title\` text not null, \`category\` text not null, \`route\` text not null, \`description\` text not null default '', \`alternative_routes\` json not null, \`is_active\` integer not null default true, \`type_code\` text null, \`assessment_type\` text null, \`sort_order\` integer not null default 0, primary key (\`id\`));`,
    );
    this.addSql(`create index \`service_category_index\` on \`service\` (\`category\`);`);

    this.addSql(
      `create table \`news_article\` (\`id\` text not null, \`slug\` text not null, \`title\` text not null, \`summary\` text not null, \`body\` text not null, \`status\` text not null default 'draft', \`published_at\` datetime null, \`author_id\` text null, \`author_name\` text not null default 'Reclaim', \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`news_article_author_id_foreign\` foreign key(\`author_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`news_article_slug_unique\` on \`news_article\` (\`slug\`);`);
    this.addSql(`create index \`news_article_status_index\` on \`news_article\` (\`status\`);`);
    this.addSql(`create index \`news_article_published_at_index\` on \`news_article\` (\`published_at\`);`);
    this.addSql(`create index \`news_article_author_id_index\` on \`news_article\` (\`author_id\`);`);

    this.addSql(
      `create table \`document\` (\`id\` text not null, \`owner_id\` text not null, \`uploaded_by_id\` text null, \`filename\` text not null, \`storage_name\` text not null, \`content_type\` text not null, \`size\` integer not null, \`sha256\` text not null, \`claim_id\` text null, \`assessment_id\` text null, \`uploaded_at\` datetime not null, constraint \`document_owner_id_foreign\` foreign key(\`owner_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`document_uploaded_by_id_foreign\` foreign key(\`uploaded_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`document_owner_id_index\` on \`document\` (\`owner_id\`);`);
    this.addSql(`create index \`document_uploaded_by_id_index\` on \`document\` (\`uploaded_by_id\`);`);

    this.addSql(
      `create table \`assessment\` (\`id\` text not null, \`user_id\` text not null, \`service_type\` text not null, \`assessment_type\` text not null, \`service_name\` text not null default '', \`answers\` json not null, \`current_step\` integer not null default 0, \`status\` text not null default 'in_progress', \`version\` integer not null default 1, \`definition_version\` integer not null, \`result_fields\` json null, \`results\` json null, \`claim_id\` text null, \`evaluated_as_of\` text null, \`submitted_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`assessment_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`assessment_user_id_index\` on \`assessment\` (\`user_id\`);`);

    this.addSql(
      `create table \`document_task\` (\`id\` text not null, \`assessment_id\` text not null, \`requirement_id\` text not null, \`name\` text not null, \`description\` text not null default '', \`required\` integer not null default true, \`status\` text not null default 'pending', \`uploaded_document_id\` text null, \`sort_order\` integer not null default 0, \`completed_at\` datetime null, \`created_at\` datetime not null, constraint \`document_task_assessment_id_foreign\` foreign key(\`assessment_id\`) references \`assessment\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(
      `create index \`document_task_assessment_id_index\` on \`document_task\` (\`assessment_id\`);`,
    );
    this.addSql(
      `create unique index \`document_task_assessment_id_requirement_id_unique\` on \`document_task\` (\`assessment_id\`, \`requirement_id\`);`,
    );

    this.addSql(
      `create table \`claim\` (\`id\` text not null, \`reference\` text not null, \`assessment_id\` text not null, \`user_id\` text not null, \`service_type\` text not null, \`service_name\` text not null default '', \`status\` text not null default 'submitted', \`estimated_low\` double null, \`estimated_median\` double null, \`estimated_high\` double null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`claim_assessment_id_foreign\` foreign key(\`assessment_id\`) references \`assessment\`(\`id\`) on delete cascade on update cascade, constraint \`claim_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`claim_reference_unique\` on \`claim\` (\`reference\`);`);
    this.addSql(`create unique index \`claim_assessment_id_unique\` on \`claim\` (\`assessment_id\`);`);
    this.addSql(`create index \`claim_user_id_index\` on \`claim\` (\`user_id\`);`);
    this.addSql(`create index \`claim_status_index\` on \`claim\` (\`status\`);`);

    this.addSql(
      `create table \`message_thread\` (\`id\` text not null, \`subject\` text not null, \`client_id\` text not null, \`claim_id\` text null, \`created_by_id\` text null, \`last_message_at\` datetime not null, \`created_at\` datetime not null, constraint \`message_thread_client_id_foreign\` foreign key(\`client_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`message_thread_claim_id_foreign\` foreign key(\`claim_id\`) references \`claim\`(\`id\`) on delete set null on update cascade, constraint \`message_thread_created_by_id_foreign\` foreign key(\`created_by_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`message_thread_client_id_index\` on \`message_thread\` (\`client_id\`);`);
    this.addSql(`create index \`message_thread_claim_id_index\` on \`message_thread\` (\`claim_id\`);`);
    this.addSql(
      `create index \`message_thread_created_by_id_index\` on \`message_thread\` (\`created_by_id\`);`,
    );

    this.addSql(
      `create table \`message\` (\`id\` text not null, \`thread_id\` text not null, \`sender_id\` text not null, \`from_firm\` integer not null default false, \`body\` text not null, \`read_at\` datetime null, \`created_at\` datetime not null, constraint \`message_thread_id_foreign\` foreign key(\`thread_id\`) references \`message_thread\`(\`id\`) on delete cascade on update cascade, constraint \`message_sender_id_foreign\` foreign key(\`sender_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`message_thread_id_index\` on \`message\` (\`thread_id\`);`);
    this.addSql(`create index \`message_sender_id_index\` on \`message\` (\`sender_id\`);`);

    this.addSql(
      `create table \`claim_event\` (\`id\` text not null, \`claim_id\` text not null, \`status\` text not null, \`note\` text not null default '', \`actor_id\` text null, \`created_at\` datetime not null, constraint \`claim_event_claim_id_foreign\` foreign key(\`claim_id\`) references \`claim\`(\`id\`) on delete cascade on update cascade, constraint \`claim_event_actor_id_foreign\` foreign key(\`actor_id\`) references \`users\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`claim_event_claim_id_index\` on \`claim_event\` (\`claim_id\`);`);
    this.addSql(`create index \`claim_event_actor_id_index\` on \`claim_event\` (\`actor_id\`);`);
  }
}
