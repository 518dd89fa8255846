import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Definition tests run against the engine's sources (no build needed): embedded tests of every
// definition, boundary tests per service, CGT worked examples, site data.
export default defineConfig({
  resolve: {
    alias: {
      '@reclaim/engine/testing': fileURLToPath(new URL('../engine/src/testing/index.ts', import.meta.url)),
      '@reclaim/engine': fileURLToPath(new URL('../engine/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // a fresh clone has no engine/src/generated/: the engine's setup generates the Ajv validators
    globalSetup: ['../engine/scripts/vitest-global-setup.ts'],
  },
});
