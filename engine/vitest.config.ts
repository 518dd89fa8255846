import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    environment: 'node',
    // src/generated/ is not committed: generate the standalone validators before any test imports them
    globalSetup: ['./scripts/vitest-global-setup.ts'],
  },
});
