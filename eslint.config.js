import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { literalTextsConfig } from './scripts/literal-texts-rule.js';

const OUTSIDE_THIS_FOLDER = 'Import from outside this folder through @shared, @client or @server.';

/** Numbers and rupees are written in one place (decision 069), which keeps Intl off a page's first render. */
const NUMBERS_IN_ONE_PLACE = [
  {
    object: 'Intl',
    property: 'NumberFormat',
    message: 'Write numbers with formatNumber or formatPKR from @shared/number-format (decision 069).',
  },
  {
    property: 'toLocaleString',
    message: 'Write numbers with formatNumber from @shared/number-format, dates with @shared/pakistan-time.',
  },
];

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
            {
              group: ['i18next', 'react-i18next'],
              message:
                'The browser formats texts with Lingui (decision 063): useTranslation and Trans come from @client/lib/translation.',
            },
          ],
        },
      ],
    },
  },
  {
    // One typed contract (docs/decisions/030): the browser calls the API with callApi and a route of
    // src/shared/contract, whose answer is typed from the server's response schema; no hand-written
    // fetch, and no cast of what an API file sends or receives.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'src/client/lib/api-client.ts',
      // Files (CSV, PDF) and the live event stream are not JSON calls of the contract.
      'src/client/lib/download-file.ts',
      'src/client/features/notifications/api/live-*.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Call the API with callApi(route, ...) and a route of src/shared/contract.',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/shared/number-format.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-properties': ['error', ...NUMBERS_IN_ONE_PLACE] },
  },
  {
    // After a write, refreshAfterWrite (src/client/lib/refresh-after-write.ts): invalidating alone
    // lets a read that started before the write stand as the fresh answer. Invalidating directly is
    // for what no write of the browser's own caused: live events and the session's refresh.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      'src/client/lib/refresh-after-write.ts',
      'src/client/lib/use-session.ts',
      'src/client/features/accounts/session-cache.ts',
      'src/client/features/notifications/api/live-*.ts',
      'src/client/features/customers/components/customer-dashboard-page.tsx',
    ],
    rules: {
      'no-restricted-properties': [
        'error',
        ...NUMBERS_IN_ONE_PLACE,
        {
          property: 'invalidateQueries',
          message: 'After a write, refreshAfterWrite(queryClient, filters) from @client/lib/refresh-after-write.',
        },
      ],
    },
  },
  {
    files: ['src/client/features/*/api/**/*.ts'],
    ignores: ['src/client/features/notifications/api/live-*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "TSAsExpression:not([typeAnnotation.typeName.name='const']):not([expression.type='Literal'])",
          message: 'No casts in API files: the contract types requests and answers (callApi).',
        },
        {
          selector: "CallExpression[callee.name='fetch']",
          message: 'Call the API with callApi(route, ...) and a route of src/shared/contract.',
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
  literalTextsConfig,
  {
    files: ['scripts/**', 'bench/**', 'e2e/**'],
    rules: { 'no-console': 'off' },
  },
  // Layout is Prettier's job (npm run format); lint keeps to what code means.
  prettier,
);
