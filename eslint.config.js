// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import globals from 'globals';
import { architectureRules } from './eslint/architecture.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'error',
      // Fastify plugins are async by convention even when they only declare routes.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Every word a person reads comes from a catalog, in English and Spanish (issue 24): text in
    // JSX, and the attributes people read or hear. The catalogs' completeness is a unit test
    // (apps/web/src/i18n/catalogs.test.ts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'label',
              'placeholder',
              'title',
              'aria-label',
              'aria-description',
              'alt',
              'description',
              'error',
              'message',
              'tooltip',
              'confirmLabel',
              'cancelLabel',
              'heading',
              'subtitle',
              'text',
            ],
          },
        },
      ],
    },
  },
  {
    // The service worker (built on its own by scripts/build-service-worker.ts).
    files: ['apps/web/sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Command-line scripts and tests talk to a terminal on purpose.
    files: ['scripts/**', 'bench/**', 'chaos/**', 'e2e/**', '**/*.test.ts'],
    rules: { 'no-console': 'off' },
  },
  {
    // Test bodies read untyped JSON responses; asserting on them is the point.
    files: ['**/*.test.ts', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  // The API's layers and private repositories (docs/architecture.md).
  architectureRules({ root: import.meta.dirname, apiSrc: 'apps/api/src' }),
);
