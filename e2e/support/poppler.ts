import { execFileSync } from 'node:child_process';

export const POPPLER_HINT =
  "The print tests need poppler's pdftotext and pdfinfo: install Debian's poppler-utils (apt-get install poppler-utils).";

/** The print tests read Chromium's PDFs back with poppler's `pdftotext` and `pdfinfo`. */
export function hasPoppler(): boolean {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    execFileSync('pdfinfo', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
