import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { pageChunk } from './scripts/page-chunk';
import { webAppManifest } from './src/features/offline/manifest';

// The practice page in one file, not thirty (its Lighthouse score; scripts/page-chunk.ts),
// the shared package and zod with it. The child's own practice (issue 36) shares it: a page of
// its own split the shared modules the practice page loads into more files.
const practiceChunk = pageChunk('practice', /[\\/]src[\\/]app[\\/]routes[\\/](practice|kid)\.tsx$/);

export default defineConfig({
  plugins: [
    react(),
    practiceChunk.plugin,
    // The installable app (issue 23): manifest, icons and the service worker of src/sw/sw.ts.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // Registered by the signed-in app (features/offline), so the landing page's JavaScript
      // does not grow by a byte.
      injectRegister: false,
      registerType: 'prompt',
      manifest: webAppManifest,
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // landing.html is written after this build (scripts/prerender.ts); `/` falls back to the shell.
        globIgnores: ['**/landing.html'],
        // Workbox bundles the worker with Rollup on its own; keep its output small and readable.
        minify: true,
      },
    }),
  ],
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
    // Vite's polyfill for <link rel="modulepreload"> (browsers before Safari 17 and Firefox
    // 115) was half a kilobyte of the landing page's budget, which preloads nothing; the
    // practice page, in one chunk beside the entry, has nothing to preload either. Without
    // it, those browsers fetch a lazy page's other chunks when it runs rather than beside it.
    modulePreload: { polyfill: false },
    rollupOptions: { output: practiceChunk.output },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./vitest.setup.ts'],
    // One jsdom and one module graph per worker, not per file: 104 → 23 CPU s for the project
    // (decision 026). The setup file unmounts, restores every mock and clears localStorage
    // after each test; a test that stubs a global unstubs it.
    isolate: false,
    // Vitest's 5 s default is a time limit in disguise: form tests that type with user-event
    // passed on a quiet machine and timed out on a loaded one (two cores, server tests beside).
    testTimeout: 30_000,
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
