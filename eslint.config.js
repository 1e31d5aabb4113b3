import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

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
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The settings module itself, the test database helper, and tooling read the environment.
    files: ['server/env.ts', 'server/test/**', 'server/**/*.test.ts', 'e2e/**', 'scripts/**', 'playwright.config.ts', 'bench/**', '*.config.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
);
