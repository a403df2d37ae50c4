import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Architecture boundaries (STRUCTURE.md):
 * - no import cycles anywhere (import-x/no-cycle, type-only imports included);
 * - the public pages never import staff-area code, sign-in, the query cache, the
 *   form library, the scanner or zod schemas, except through lazy() (a dynamic
 *   import(), which these rules do not see);
 * - only the composition root picks adapters: the rest of the API reaches the
 *   store, payments, mail, files and identity through their ports.
 */

/** Staff-area and heavy code a public page may load only through lazy(). */
const STAFF_ONLY = [
  { group: ['**/staff/**', '**/admin/**', '**/admins/**', '**/auth/**'], message: 'Staff-area code: load it through lazy() from App.tsx.' },
  { group: ['**/checkin/CheckinPage*', '**/checkin/Scanner*', '**/checkin/admin/**'], message: 'Check-in code: load it through lazy().' },
  { group: ['**/api/query*', '**/ui/form*'], message: 'The query cache and the form helpers belong to the staff chunks.' },
  { group: ['firebase', 'firebase/*', '@firebase/*', '@tanstack/*', 'react-hook-form', '@hookform/*', 'qr-scanner', 'zod'], message: 'Staff-only library: public pages must not ship it.' },
  {
    group: ['@shared/*', '!@shared/*-model.js', '!@shared/constants.js', '!@shared/messages.js', '!@shared/error-codes.js', '!@shared/api.js'],
    message: 'Public pages import the zod-free model files (@shared/<cap>-model.js), never the schemas.',
  },
];

/** Adapters the composition root (app.ts, config.ts, index.ts, local/) chooses; everything else uses the port. */
const ADAPTERS = [
  {
    group: [
      '**/store/sqlite*',
      '**/store/firestore*',
      '**/payments/stripe*',
      '**/payments/offline*',
      '**/mail/sendgrid*',
      '**/mail/local-outbox*',
      '**/files/local*',
      '**/files/cloud-storage*',
      '**/auth/firebase*',
    ],
    message: 'Adapters are chosen in the composition root (app.ts/config.ts); import the port instead.',
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'functions/lib/**', '.data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}', 'functions/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies are parsed with the TypeScript parser, or no-cycle sees no imports in them.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['web/tsconfig.json', 'functions/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The public site: everything a visitor's browser may load before any lazy() boundary.
    files: [
      'web/src/*.{ts,tsx}',
      'web/src/{api,events,landing,layout,pages,payments,rsvps,sponsors,theme,ui}/**/*.{ts,tsx}',
      'web/src/checkin/{TicketPage.tsx,ticket.ts}',
    ],
    ignores: ['**/*.test.{ts,tsx}', '**/admin/**', 'web/src/api/query*', 'web/src/ui/form*'],
    rules: { 'no-restricted-imports': ['error', { patterns: STAFF_ONLY }] },
  },
  {
    files: ['functions/src/**/*.ts'],
    ignores: ['functions/src/{app,config,index,admin-cli}.ts', 'functions/src/local/**', 'functions/src/store/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: ADAPTERS }] },
  },
);
