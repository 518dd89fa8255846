import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // the CLI scripts (scripts/lib) are the engine's command line, so their tests run here too
    include: ['src/**/*.test.ts', '../scripts/lib/**/*.test.ts'],
    environment: 'node',
    // src/generated/ is not committed: generate the standalone validators before any test imports them
    globalSetup: ['./scripts/vitest-global-setup.ts'],
  },
});
