import { MikroOrmModule } from '@mikro-orm/nestjs';
import { type DynamicModule, Module } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { buildOrmOptions } from './mikro-orm.config';

// The driver is known from the config before the module graph is built, so the driver's own
// EntityManager (knex-based: query builder) is injectable as well as the core one.
@Module({})
export class DatabaseModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        // The request context is a Fastify hook (registerRequestContext in bootstrap.ts) that
        // forks on first use; the module's middleware forked for every request.
        MikroOrmModule.forRoot({ ...buildOrmOptions(config), registerRequestContext: false }),
      ],
    };
  }
}
