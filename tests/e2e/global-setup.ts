import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The e2e files run the built product; `npm test` builds before running this suite.
export default function setup(): void {
  const api = fileURLToPath(new URL('../../api/dist/main.js', import.meta.url));
  const web = fileURLToPath(new URL('../../web/dist/index.html', import.meta.url));
  for (const f of [api, web]) {
    if (!existsSync(f))
      throw new Error(`${f} is missing: run \`npm run build\` (npm test does it) before the e2e suite`);
  }
}
