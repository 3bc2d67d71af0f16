/**
 * The landing page's one message of the specification (it is also MESSAGES.googleCredentialMissing).
 * In a module of its own because a bundle keeps a module whole: importing it from messages.ts
 * would put every message on the landing page (about 0.4 KB gzipped of its 100 KB).
 */
export const GOOGLE_CREDENTIAL_MISSING = 'Google credential is missing.';
