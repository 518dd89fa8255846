import type { SeedStep } from './seed-step';
import { adminSeed } from './seeders/admin';
import { definitionsSeed } from './seeders/definitions';
import { demoSeed } from './seeders/demo';
import { newsSeed } from './seeders/news';
import { servicesSeed } from './seeders/services';

// Run in this order on every start; each step must be idempotent. H6 appends domain steps.
export const seedSteps: SeedStep[] = [
  adminSeed,
  // domain (H6)
  definitionsSeed,
  servicesSeed,
  newsSeed,
  demoSeed,
];
