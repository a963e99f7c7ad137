import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

const OUTSIDE_THIS_FOLDER = 'Import from outside this folder through @shared, @client or @server.';

export default tseslint.config(
  { ignores: ['dist', 'data', 'node_modules', 'coverage', 'src/server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error', 'warn'] }],
    },
  },
  {
    // Type-aware rules: a promise is awaited, returned, or handed to something that handles its
    // failure; `void` marks a fire-and-forget whose rejection is handled or cannot happen.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // shared/ is imported by both sides, so it may import neither.
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/**', '**/client/**', '@client/*', '@server/*'],
              message: 'src/shared imports nothing from client or server.',
            },
          ],
        },
      ],
    },
  },
  {
    // One import rule for both sides: ./ inside a folder, an alias for anything else.
    files: ['src/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['../*', '../**'], message: OUTSIDE_THIS_FOLDER }] }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['../*', '../**'], message: OUTSIDE_THIS_FOLDER },
            { group: ['**/server/**', '@server/*'], message: 'The browser never imports server code.' },
          ],
        },
      ],
    },
  },
  {
    // One family of errors: src/server/errors.ts's helpers (badRequest, conflict, ...), never the class itself.
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/errors.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='AppError']",
          message: 'Use a helper of src/server/errors.ts (badRequest, forbidden, conflict, ...).',
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  // Layout is Prettier's job (npm run format); lint keeps to what code means.
  prettier,
);
