import { defineConfig, devices } from '@playwright/test';
import {
  ADMIN_EMAIL,
  APP_PORT,
  APP_URL,
  DEMO_PORT,
  DEMO_URL,
  FAKE_GOOGLE_URL,
  TEST_CLIENT_ID,
} from './support/ports';
import { findChromium, INSTALL_HINT } from './support/chromium';

/** Debian's Chromium, or an installed Chrome: browser tests never download a browser. */
function chromiumPath(): string {
  const found = findChromium();
  if (!found) throw new Error(INSTALL_HINT);
  return found;
}

const serverCommand = 'npx tsx e2e/support/start-server.ts';

/**
 * The test servers read scans at their own priority. Chromium runs in a session of its own
 * (Playwright starts it detached), and with the kernel's autogroup off its threads compete with
 * the scan processes one by one: at the default nice +10 a scan got a sliver of the two cores
 * beside two busy browsers and passed SCAN_TIMEOUT_MS (stop 45's CI). In production nothing
 * but the server shares the scan processes' cores.
 */
const scanEnv = { SCAN_NICE: '0' };

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  // Three browsers on two cores: a browser test waits on pages, animations and the server much
  // of its time. Two left a third of the machine idle; four were slower than three (decision 026).
  workers: '150%',
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: APP_URL,
    // The product's default time zone (PRODUCT.md), which the API assumes when a request sends no
    // X-Time-Zone (as page.request does). With the machine's UTC instead, browser and API
    // disagreed on "today" from 16:00 to 24:00 UTC and the stats tests failed in those hours.
    timezoneId: 'Asia/Singapore',
    // A failed test keeps its trace: the DOM at each step, without the screencast. Recording the
    // screencast for every test (Playwright's default) cost the browser a quarter of the run's
    // CPU, mostly compositing and encoding frames nobody looks at (docs/decisions/026).
    // `--trace on` records one in full.
    trace: { mode: 'retain-on-failure', screenshots: false },
    // The app's service worker (issue 23) would stand between page.route() and the page; the
    // specs about offline use and installing turn it on for themselves (installable.spec.ts).
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: [
    {
      command: 'npx tsx e2e/support/fake-google.ts',
      url: `${FAKE_GOOGLE_URL}/health`,
      cwd: '..',
      reuseExistingServer: false,
    },
    {
      // The app as in production with Google sign-in, verifying tokens from the stand-in.
      command: serverCommand,
      url: `${APP_URL}/api/health`,
      cwd: '..',
      reuseExistingServer: false,
      // The server logs to stdout (warnings and errors only here): a server that cannot start
      // says why in the run's output instead of exiting silently.
      stdout: 'pipe',
      env: {
        PORT: String(APP_PORT),
        NODE_ENV: 'test',
        GOOGLE_CLIENT_ID: TEST_CLIENT_ID,
        GOOGLE_JWKS_URL: `${FAKE_GOOGLE_URL}/jwks`,
        ADMIN_EMAILS: ADMIN_EMAIL,
        RATE_LIMIT_MULTIPLIER: '100',
        ...scanEnv,
      },
    },
    {
      // The app as a new user runs it: no Google client id, so the demo sign-in is offered.
      command: serverCommand,
      url: `${DEMO_URL}/api/health`,
      cwd: '..',
      reuseExistingServer: false,
      stdout: 'pipe',
      env: { PORT: String(DEMO_PORT), NODE_ENV: 'development', RATE_LIMIT_MULTIPLIER: '100', ...scanEnv },
    },
  ],
});
