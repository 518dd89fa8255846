import type { EntityManager } from '@mikro-orm/core';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { createFileStorage } from '../modules/storage/create-file-storage';
import type { FileStorage } from '../modules/storage/file-storage';
import { seedSteps } from './seed-steps';
import type { SeedContext } from './seed-step';

export type { SeedContext, SeedStep } from './seed-step';

export interface SeedOptions {
  announce?: (line: string) => void;
  /** The app's storage; without it one is made from the config (and closed after). */
  storage?: FileStorage;
}

/** Runs every registered step, each in its own transaction, in order. */
export async function seedDatabase(
  em: EntityManager,
  config: AppConfig,
  options: SeedOptions = {},
): Promise<void> {
  const logger = new Logger('Seed');
  const storage = options.storage ?? createFileStorage(config);
  const ctx: SeedContext = {
    logger,
    announce: options.announce ?? ((line) => process.stdout.write(`${line}\n`)),
    storage,
  };
  try {
    for (const step of seedSteps) {
      await em.fork().transactional((tx) => step.run(tx, config, ctx));
      logger.debug(`seed step ${step.name} done`);
    }
  } finally {
    if (!options.storage) await storage.close();
  }
}
