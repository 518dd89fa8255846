import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts', 'testing/index': 'src/testing/index.ts' },
  format: ['esm', 'cjs'],
  dts: { compilerOptions: { types: [] } },
  tsconfig: 'tsconfig.build.json',
  platform: 'neutral',
  target: 'es2022',
  sourcemap: true,
  clean: true,
  splitting: true,
  external: ['json-rules-engine'],
});
