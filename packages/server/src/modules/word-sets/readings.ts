import type { Language } from '@spellwell/shared';
import { defaultReading } from '@spellwell/shared/reading/default';

/**
 * The reading a word is stored and served with: the parent's (or the one stored) if there is
 * one, else the dictionary's default for a Chinese word; null in every other language, whatever
 * was typed.
 */
export function readingFor(word: string, reading: string | null, language: Language): string | null {
  if (language !== 'Chinese') return null;
  return reading ?? defaultReading(word);
}
