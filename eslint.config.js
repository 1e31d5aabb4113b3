import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { featureBoundaries } from './scripts/eslint/feature-boundaries.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'server/db/migrations/**', 'test-results/**', 'playwright-report/**', 'data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'no-restricted-syntax': [
        'error',
        { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read settings through server/env.ts.' },
        {
          selector: "CallExpression[callee.property.name='transaction']",
          message: 'Open transactions with transaction() from server/db/transaction.ts, so afterCommit can watch them.',
        },
      ],
    },
  },
  {
    files: ['server/db/transaction.ts'],
    rules: { 'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='process'][property.name='env']", message: 'Read settings through server/env.ts.' }] },
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
    files: ['server/env.ts', 'server/test/**', 'server/**/*.test.ts', 'e2e/**', 'scripts/**', 'playwright.config.ts', 'bench/**', '*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Decision 013: a feature shows a person through accounts' person.ts (reaches members through
    // members.ts) and calls its service, never its users table or repository. Auth loads the
    // session's user; table files name users.id in foreign keys; tests look at rows.
    files: ['server/features/**/*.ts'],
    // The admin console reads every account, hidden and deleted ones included (decision 027).
    ignores: ['server/features/accounts/**', 'server/features/auth/**', 'server/features/admin/**', '**/*.table.ts', '**/*.test.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/accounts/accounts.table', '**/accounts/accounts.repo'],
              message: 'Show a person with accounts/person.ts (people, presentPerson) or call the accounts service (decision 013).',
            },
          ],
        },
      ],
    },
  },
);
