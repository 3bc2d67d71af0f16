import { fileURLToPath } from 'node:url';
import { findChromium } from './chromium';

/*
 * Chromium records from a WAV of a spoken word (espeak-ng's "rainbow", committed with the
 * server's recording fixtures) instead of a microphone; MediaRecorder then makes real
 * WebM/Opus. Only the recording specs launch with these flags (a file-level `test.use`).
 */
const spokenWord = fileURLToPath(
  new URL('../../packages/server/test/fixtures/recordings/word.wav', import.meta.url),
);

/** The config's own flags (playwright.config.ts), which a spec's launchOptions replace. */
const BASE_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--autoplay-policy=no-user-gesture-required',
];

/** A fake microphone; `allowed` answers the permission prompt yes, otherwise Chromium says no. */
export function fakeMicrophone(allowed: boolean) {
  const args = [
    ...BASE_ARGS,
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${spokenWord}`,
  ];
  if (allowed) args.push('--use-fake-ui-for-media-stream');
  return { executablePath: findChromium()!, args };
}
