// One flat config for the monorepo: type-aware, zero warnings (npm run lint).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/*.js',
      '**/*.cjs',
      '**/*.mjs',
      'engine/src/generated/**',
      'web/src/generated/**',
      'data/**',
      'tests/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-eval': 'error',
      'no-new-func': 'error',
      'no-implied-eval': 'off',
      '@typescript-eslint/no-implied-eval': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Toasts go through web/src/lib/toast.ts, which shows one toast per message.
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-toastify', importNames: ['toast'], message: 'Use lib/toast (deduplicates).' },
          ],
        },
      ],
    },
  },
  {
    files: ['engine/src/**/*.ts'],
    ignores: ['engine/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'os', 'crypto'] }],
    },
  },
  {
    // Issue 10: class-validator's IsOptional lets null through to NOT NULL columns (500).
    files: ['api/src/**/*.ts'],
    ignores: ['api/src/common/validation.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'class-validator',
              importNames: ['IsOptional'],
              message: "Use IsOptional (null refused) or IsOptionalNullable from 'common/validation'.",
            },
          ],
        },
      ],
    },
  },
  prettier,
);
