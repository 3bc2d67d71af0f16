// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- as in espeak-render.ts
/// <reference path="./espeak-ng.d.ts" />
import ESpeakNg from 'espeak-ng';
import type { Language } from '@spellwell/shared';
import { ESPEAK_VOICES } from './espeak-settings.js';

/**
 * What espeak-ng would say for `text`, as its phoneme mnemonics (`-x`), without making audio:
 * how the 多音字 table in docs/speech.md is measured and tested. `(en)` in the answer means
 * espeak gave up on the voice's language and spelt English.
 */
export async function espeakPhonemes(text: string, language: Language): Promise<string> {
  const lines: string[] = [];
  await ESpeakNg({
    arguments: ['-v', ESPEAK_VOICES[language], '-q', '-x', '--', text],
    print: (line) => lines.push(line),
    printErr() {},
  });
  return lines.join(' ').trim();
}

// espeak's Mandarin tone contours (Chao numbers) and the tone each stands for: 3 is 21 before
// another tone and 35 before a 3 (sandhi), 4 is 53 before a 4, the neutral tone is low or mid.
const CONTOURS: Record<string, string> = {
  '55': '1',
  '35': '2',
  '214': '3',
  '21': '3',
  '51': '4',
  '53': '4',
  '11': '5',
  '22': '5',
  '33': '5',
  '44': '5',
};

/** The tones espeak-ng's phonemes say, one digit a syllable (`ji35nX'A35N` → `22`). */
export function tonesSaid(phonemes: string): string {
  return (phonemes.match(/\d+/g) ?? []).map((c) => CONTOURS[c] ?? '?').join('');
}
