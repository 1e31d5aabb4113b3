import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import prettier from 'eslint-config-prettier';
import { featureBoundaries } from './scripts/eslint/feature-boundaries.js';

/**
 * Only repositories touch the database: Drizzle and the table files are for *.repo.ts, the table
 * files themselves, server/db and tests. Everything else calls a repository, and takes a row's
 * type from it (decision 045).
 */
const DATABASE_ALLOWED = [
  '**/*.repo.ts',
  '**/*.table.ts',
  'server/db/**',
  '**/*.test.ts',
  '**/testing/**',
  'server/test/**',
];
const onlyRepositories = {
  group: ['drizzle-orm', 'drizzle-orm/*', '**/*.table', '*.table'],
  message:
    "Only repositories touch the database: move this query into the area's *.repo.ts and call it (a row type: export it from that repo).",
};
const USERS_ALLOWED = ['server/features/accounts/**', 'server/features/auth/**', 'server/features/admin/**'];
const usersBoundary = {
  group: ['**/accounts/accounts.table', '**/accounts/accounts.repo'],
  message:
    'Show a person by joining people() of accounts/people.repo.ts and presenting it with accounts/person.ts (presentPerson), or call the accounts service (decision 013).',
};
// Every account with its email, hidden and deleted ones included, is for the areas above (decision 027).
const accountRecordsBoundary = {
  group: ['**/accounts'],
  importNames: ['accountRecords', 'suspensionRecords'],
  message:
    'Accounts as a whole are for accounts, auth and the admin console: show a person through people() and presentPerson, reach members through members() (decisions 013, 027).',
};
// A later config block replaces a rule's options for the files it matches, so each block lists
// every restriction that applies to its files.
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      '.cache/**',
      'node_modules/**',
      'server/db/migrations/**',
      'test-results/**',
      'playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Formatting is Prettier's (npm run format); ESLint keeps to what it finds wrong.
  prettier,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings through server/env.ts.',
        },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open transactions with transaction() from server/db/transaction.ts, so afterCommit can watch them.',
        },
      ],
    },
  },
  {
    files: ['server/db/transaction.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read settings through server/env.ts.',
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries: { rules: { features: featureBoundaries } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // A feature is reached only through client/features/<f>/index.ts; the router alone loads
      // screens (components/*-page) directly, by dynamic import (decision 012).
      'boundaries/features': ['error', { root: 'client/features', screens: '^components/[^/]+-page$' }],
    },
  },
  {
    // The settings module itself, the test database helper, and tooling read the environment.
    files: [
      'server/env.ts',
      'server/test/**',
      'server/**/*.test.ts',
      'e2e/**',
      'scripts/**',
      'playwright.config.ts',
      'bench/**',
      'deploy/cluster/**',
      '*.config.ts',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['server/**/*.ts'],
    ignores: DATABASE_ALLOWED,
    rules: restrictImports(onlyRepositories),
  },
  {
    // An area is reached only through server/features/<f>/index.ts, its module and public surface:
    // a repository joins another area's tables only through the subqueries and SQL pieces that area
    // exports. A table file may import another area's table for its foreign keys. Tests and their
    // fixtures look inside areas; the one schema drizzle sees gathers every table (decision 045).
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', '**/testing/**', 'server/test/**', 'server/db/schema.ts'],
    plugins: { boundaries: { rules: { features: featureBoundaries } } },
    rules: { 'boundaries/features': ['error', { root: 'server/features', foreignKeys: true }] },
  },
  {
    // Decision 013: a feature shows a person through accounts' person.ts and people.repo.ts
    // (reaches members through members.repo.ts) and calls its service, never its users table or
    // repository. Auth loads the session's user; the admin console reads every account, hidden
    // and deleted ones included (decision 027).
    files: ['server/features/**/*.ts'],
    ignores: [...USERS_ALLOWED, ...DATABASE_ALLOWED],
    rules: restrictImports(usersBoundary, accountRecordsBoundary, onlyRepositories),
  },
  {
    files: ['server/features/**/*.repo.ts'],
    ignores: [...USERS_ALLOWED, '**/testing/**'],
    rules: restrictImports(usersBoundary, accountRecordsBoundary),
  },
);
