import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { buildOrmOptions } from './mikro-orm.config';
import { requestEntityManager } from './request-context';

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
    };
  }
}
