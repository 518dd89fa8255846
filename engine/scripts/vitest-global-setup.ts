// Vitest globalSetup: a fresh clone has no src/generated/, so generate the validators first.
import { generateValidators } from './generate-validators';

export default function setup(): void {
  generateValidators();
}
