// What a seed step is (seed-steps.ts lists them; seed.ts runs them).
import type { EntityManager } from '@mikro-orm/core';
import type { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import type { FileStorage } from '../modules/storage/file-storage';

export interface SeedContext {
  logger: Logger;
  /** Prints a line to stdout only (never to the log file): for the generated admin password. */
  announce(line: string): void;
  /** Where seeded files (the demo client's document) are stored. */
  storage: FileStorage;
}

export interface SeedStep {
  name: string;
  run(em: EntityManager, config: AppConfig, ctx: SeedContext): Promise<void>;
}
