import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/**
 * Takes the screenshots in docs/screenshots (not a test run):
 *   npm run build && npx playwright test -c e2e/screenshots.config.ts (every support/take-screenshots*.ts)
 */
export default defineConfig({
  ...base,
  testMatch: 'support/take-screenshots*.ts',
  fullyParallel: false,
  workers: 1,
});
