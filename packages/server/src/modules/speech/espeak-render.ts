// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the bench project compiles this file without src/**, so it must bring its own declarations
/// <reference path="./espeak-ng.d.ts" />
import ESpeakNg from 'espeak-ng';
import type { Language, SpeechSpeed } from '@spellwell/shared';
import { encodeMp3 } from './mp3.js';
import { ESPEAK_SETTINGS, ESPEAK_SLOW_WORDS_PER_MINUTE, ESPEAK_VOICES } from './espeak-settings.js';
import { padStart, parseWav, trimEnd, type Pcm } from './pcm.js';

/** One fresh WebAssembly instance per word: espeak's main() cannot be run twice. */
export async function synthesizePcm(
  word: string,
  language: Language,
  speed: SpeechSpeed = 'normal',
): Promise<Pcm> {
  const s = ESPEAK_SETTINGS;
  const wordsPerMinute = speed === 'slow' ? ESPEAK_SLOW_WORDS_PER_MINUTE : s.wordsPerMinute;
  const args = ['-v', ESPEAK_VOICES[language], '-s', String(wordsPerMinute), '-p', String(s.pitch)];
  args.push('-P', String(s.pitchRange), '-w', '/out.wav', '--', word);
  const errors: string[] = [];
  const espeak = await ESpeakNg({ arguments: args, print() {}, printErr: (line) => errors.push(line) });
  let wav: Uint8Array;
  try {
    wav = espeak.FS.readFile('/out.wav');
  } catch {
    throw new Error(`espeak-ng wrote no audio${errors.length ? `: ${errors.join(' ')}` : ''}`);
  }
  return padStart(trimEnd(parseWav(wav), s.trailingSilenceMs), s.leadingSilenceMs);
}

export async function renderMp3(
  word: string,
  language: Language,
  speed: SpeechSpeed = 'normal',
): Promise<Buffer> {
  return encodeMp3(await synthesizePcm(word, language, speed));
}
