import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

/** The web app's features are its folders: a new feature gets its boundary without an edit here. */
const features = readdirSync(new URL('./packages/web/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webPatterns = ['@spellwell/server', '**/server/src/**', 'fastify', 'kysely'];

/** TanStack Query methods that act on cached queries chosen by key. */
const cacheMethods = 'invalidateQueries|refetchQueries|removeQueries|resetQueries|cancelQueries';

/** Files matching `files` may not import anything matching `patterns`. */
function boundary(files, patterns) {
  return [
    {
      files,
      ignores: ['**/*.test.ts', '**/*.test.tsx'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: patterns,
                message: 'Dependencies point one way (STYLE.md): compose features in app/routes.',
              },
            ],
          },
        ],
      },
    },
  ];
}

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'bench/.build/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        window: 'readonly',
        document: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Dependencies point one way: web → shared ← server; web features do not import each other
  // or the app shell (bulletproof-react's rule, with ESLint's own no-restricted-imports).
  ...boundary(
    ['packages/shared/**'],
    ['@spellwell/server', '@spellwell/web', '**/server/src/**', '**/web/src/**', 'react', 'fastify'],
  ),
  ...boundary(['packages/web/**'], webPatterns),
  // Query keys come from lib/query-keys.ts only, and the cache is never invalidated wholesale:
  // a key-less call marks every query stale, which hides which data a mutation really changes.
  {
    files: ['packages/web/src/**/*.{ts,tsx}'],
    ignores: ['packages/web/src/lib/query-keys.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `CallExpression[callee.property.name=/^(${cacheMethods})$/]:not(:has(Property[key.name='queryKey']))`,
          message: 'Name the queries: pass a queryKey from lib/query-keys.ts.',
        },
        {
          selector: "Property[key.name='queryKey'] > ArrayExpression",
          message: 'Build query keys in lib/query-keys.ts.',
        },
        {
          selector: 'CallExpression[callee.property.name=/^(get|set)QueryData$/] > ArrayExpression',
          message: 'Build query keys in lib/query-keys.ts.',
        },
      ],
    },
  },
  ...boundary(['packages/server/**'], ['@spellwell/web', '**/web/src/**', 'react']),
  ...features.flatMap((feature) =>
    boundary(
      [`packages/web/src/features/${feature}/**`],
      [
        // A later no-restricted-imports replaces an earlier one: repeat the web-wide rule.
        ...webPatterns,
        ...features
          .filter((other) => other !== feature)
          .flatMap((other) => [`**/features/${other}/**`, `../${other}/**`, `../../${other}/**`]),
        '**/src/app/**',
        '../../../app/**',
        '../../app/**',
      ],
    ),
  ),
);
