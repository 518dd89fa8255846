import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { siteDataPlugin, siteDir } from './site-data-plugin.ts';

export default defineConfig({
  plugins: [react(), siteDataPlugin()],
  resolve: {
    alias: { '@site': siteDir },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    // A loaded 2-core CI machine renders slowly: tests wait for what the user sees, with room.
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
