import { MikroOrmModule } from '@mikro-orm/nestjs';
import {
  type DynamicModule,
  Injectable,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { AppConfig } from '../config/config';
import { buildOrmOptions } from './mikro-orm.config';
import { requestEntityManager } from './request-context';
import { SqliteCheckpointer } from './sqlite-checkpointer';

/** SQLite: the checkpointer's thread runs from the app's start (after migrations) to its shutdown. */
@Injectable()
export class SqliteCheckpoints implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('SqliteCheckpoints');
  private checkpointer: SqliteCheckpointer | null = null;

  constructor(private readonly config: AppConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.database.driver !== 'sqlite') return;
    this.checkpointer = await SqliteCheckpointer.start(this.config.database.sqlitePath, (message) =>
      this.logger.warn(`SQLite checkpoint failed (the next one tries again): ${message}`),
    );
  }

  async onApplicationShutdown(): Promise<void> {
    await this.checkpointer?.stop();
    this.checkpointer = null;
  }
}

// The driver is known from the config before the module graph is built, so the driver's own
// EntityManager (knex-based: query builder) is injectable as well as the core one.
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        // The request's fork lives in the request's one store (common/request-store.ts, made on
        // first use) and `context` is how MikroORM finds it; the module's middleware forked for
        // every request, in a store of its own.
        MikroOrmModule.forRoot({
          ...buildOrmOptions(config),
          registerRequestContext: false,
          context: requestEntityManager,
        }),
      ],
      providers: [SqliteCheckpoints],
    };
  }
}
