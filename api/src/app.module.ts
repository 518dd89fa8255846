import { type DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AllExceptionsFilter } from './common/all-exceptions.filter';
import { CommonModule } from './common/common.module';
import { createLoggerParams } from './common/logging';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { DatabaseModule } from './database/database.module';
import { ActivityLogsModule } from './modules/activity-logs/activity-logs.module';
import { AuthModule } from './modules/auth/auth.module';
import { HealthModule } from './modules/health/health.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { MailModule } from './modules/mail/mail.module';
import { MetricsModule } from './modules/metrics/metrics.module';
import { StorageModule } from './modules/storage/storage.module';
import { UsersModule } from './modules/users/users.module';
import { AdminModule } from './modules/admin/admin.module';
import { AssessmentsModule } from './modules/assessments/assessments.module';
import { ClaimsModule } from './modules/claims/claims.module';
import { ClaimDraftsModule } from './modules/claim-drafts/claim-drafts.module';
import { ContactModule } from './modules/contact/contact.module';
import { DefinitionsModule } from './modules/definitions/definitions.module';
import { DocumentsModule } from './modules/documents/documents.module';
import { MessagesModule } from './modules/messages/messages.module';
import { NewsModule } from './modules/news/news.module';
import { ServicesModule } from './modules/services/services.module';
import { WorkbenchModule } from './modules/workbench/workbench.module';

type Imports = NonNullable<ModuleMetadata['imports']>;

// Core (H5).
const coreModules: Imports = [
  CommonModule,
  MetricsModule,
  StorageModule,
  JobsModule,
  ActivityLogsModule,
  MailModule,
  AuthModule,
  UsersModule,
  HealthModule,
];

// Domain (H6).
const domainModules: Imports = [
  DefinitionsModule,
  ServicesModule,
  AssessmentsModule,
  ClaimsModule,
  ClaimDraftsModule,
  MessagesModule,
  DocumentsModule,
  ContactModule,
  NewsModule,
  AdminModule,
  WorkbenchModule,
];

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        LoggerModule.forRoot(createLoggerParams(config)),
        DatabaseModule.forRoot(config),
        ...coreModules,
        ...domainModules,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
