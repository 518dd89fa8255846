import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

// Cross-package tests. End-to-end files start their own server (api/dist + web/dist, temp DATA_DIR)
// and drive Debian's Chromium with playwright-core; they run one file at a time (2-core machines).
export default defineConfig({
  resolve: {
    alias: {
      '@reclaim/engine/testing': fileURLToPath(new URL('../engine/src/testing/index.ts', import.meta.url)),
      '@reclaim/engine': fileURLToPath(new URL('../engine/src/index.ts', import.meta.url)),
    },
  },
  test: {
    include: ['**/*.test.ts'],
    exclude: ['**/node_modules/**', 'artifacts/**'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    globalSetup: ['./e2e/global-setup.ts'],
  },
});
