import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const features = ['auth', 'dashboard', 'word-sets', 'practice', 'scan', 'account'];

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
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'bench/.build/**'] },
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
  ...boundary(['packages/web/**'], ['@spellwell/server', '**/server/src/**', 'fastify', 'kysely']),
  ...boundary(['packages/server/**'], ['@spellwell/web', '**/web/src/**', 'react']),
  ...features.flatMap((feature) =>
    boundary(
      [`packages/web/src/features/${feature}/**`],
      [
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
