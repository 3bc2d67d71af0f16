/**
 * Ports of the servers the browser tests start (override with env when they clash). They sit
 * below Linux's ephemeral range (32768–60999): the unit tests open thousands of connections just
 * before, and a connection's local port in that range can hold a fixed port the app then fails
 * to listen on (stop 46's CI: "config.webServer was not able to start", exit code 1).
 */
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 23100);
export const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? 23101);
export const FAKE_GOOGLE_PORT = Number(process.env.E2E_FAKE_GOOGLE_PORT ?? 23102);

export const APP_URL = `http://127.0.0.1:${APP_PORT}`;
export const DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`;
export const FAKE_GOOGLE_URL = `http://127.0.0.1:${FAKE_GOOGLE_PORT}`;

/** The Google client id the app under test is configured with. */
export const TEST_CLIENT_ID = 'spellwell-e2e.apps.googleusercontent.com';
/** E-mail of the admin account in browser tests. */
export const ADMIN_EMAIL = 'admin@example.com';
