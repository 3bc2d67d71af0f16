import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Production builds render with Preact's React-compatible core: react-dom alone is 65 KB
 * gzipped, over most of the landing page's 90 KB budget (docs/performance.md). Development
 * and unit tests keep React itself, for its warnings and Testing Library; the browser tests
 * run against the Preact build, so what ships is what is tested.
 */
const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

export default defineConfig(({ command, mode }) => ({
  plugins: [react()],
  resolve: { alias: command === 'build' && mode !== 'test' ? preactAliases : [] },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    // No inline scripts or styles: the Content-Security-Policy allows only this origin.
    assetsInlineLimit: 0,
    sourcemap: false,
    // dist/.vite/manifest.json maps each route module to its chunks, for the bundle budgets.
    manifest: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
}));
