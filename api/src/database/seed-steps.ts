import type { SeedStep } from './seed';
import { adminSeed } from './seeders/admin';

// Run in this order on every start; each step must be idempotent. H6 appends domain steps.
export const seedSteps: SeedStep[] = [
  adminSeed,
  // domain (H6): services, definitions, news, demo
];
