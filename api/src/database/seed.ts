import type { EntityManager } from '@mikro-orm/core';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { seedSteps } from './seed-steps';

export interface SeedContext {
  logger: Logger;
  /** Prints a line to stdout only (never to the log file): for the generated admin password. */
  announce(line: string): void;
}

export interface SeedStep {
  name: string;
  run(em: EntityManager, config: AppConfig, ctx: SeedContext): Promise<void>;
}

export interface SeedOptions {
  announce?: (line: string) => void;
}

/** Runs every registered step, each in its own transaction, in order. */
export async function seedDatabase(
  em: EntityManager,
  config: AppConfig,
  options: SeedOptions = {},
): Promise<void> {
  const logger = new Logger('Seed');
  const ctx: SeedContext = {
    logger,
    announce: options.announce ?? ((line) => process.stdout.write(`${line}\n`)),
  };
  for (const step of seedSteps) {
    await em.fork().transactional((tx) => step.run(tx, config, ctx));
    logger.debug(`seed step ${step.name} done`);
  }
}
