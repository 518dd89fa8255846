// The engine's standalone validators (engine/src/generated/) are build output, not committed.
// The CLI scripts run on the engine's sources without a build, so they generate them first when
// missing or older than a schema. Imports nothing from engine/src (that import would need them).
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateValidators } from '../../engine/scripts/generate-validators';

const engineSrc = fileURLToPath(new URL('../../engine/src/', import.meta.url));

export function ensureValidators(): void {
  const target = join(engineSrc, 'generated', 'validators.js');
  const schemaDir = join(engineSrc, 'schemas');
  const newestSchema = Math.max(...readdirSync(schemaDir).map((f) => statSync(join(schemaDir, f)).mtimeMs));
  if (existsSync(target) && statSync(target).mtimeMs >= newestSchema) return;
  generateValidators();
  // unchanged output is not rewritten: mark it current so the check passes next time
  const now = new Date();
  utimesSync(target, now, now);
}
