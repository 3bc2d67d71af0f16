import { describe, expect, it } from 'vitest';
import { parseWordLine } from '@spellwell/shared';
import { defaultReading } from '@spellwell/shared/reading/default';
import { espeakPinyin } from '../../src/modules/speech/espeak-pinyin.js';
import { espeakPhonemes, tonesSaid } from '../../src/modules/speech/espeak-phonemes.js';
import { POLYPHONE_PHRASES } from './polyphone-phrases.js';

/** A reading's tones as espeak should say them: a 3 before a 3 may be said as 2 (sandhi). */
function tonesMatch(said: string, reading: string): boolean {
  const expected = reading.split(' ').map((s) => s.at(-1)!);
  if (said.length !== expected.length) return false;
  return expected.every((e, i) => said[i] === e || (e === '3' && expected[i + 1] === '3' && said[i] === '2'));
}

/**
 * Issue 21: every common 多音字 phrase is read right, by its default reading or after one
 * correction typed in Edit Words; and espeak-ng, given that reading, says exactly its syllables
 * and tones (docs/speech.md has the table, with what espeak says from the characters alone).
 */
describe('多音字 phrases are read right', () => {
  it('has at least 30 phrases, 10 of them needing a correction', () => {
    expect(POLYPHONE_PHRASES.length).toBeGreaterThanOrEqual(30);
    expect(POLYPHONE_PHRASES.filter((p) => p.corrected).length).toBeGreaterThanOrEqual(10);
  });

  it.each(POLYPHONE_PHRASES.map((p) => [p.phrase, p.reading, p.corrected ?? false] as const))(
    '%s → %s',
    async (phrase, reading, corrected) => {
      const byDefault = defaultReading(phrase);
      if (corrected) {
        // The default is wrong (else the table would say so), and one typed line fixes it.
        expect(byDefault).not.toBe(reading);
        expect(parseWordLine(`${phrase} (${reading})`)).toEqual({
          ok: true,
          entry: { word: phrase, reading },
        });
      } else {
        expect(byDefault).toBe(reading);
      }
      const phonemes = await espeakPhonemes(espeakPinyin(reading), 'Chinese');
      expect(phonemes).not.toContain('(en)');
      expect(tonesMatch(tonesSaid(phonemes), reading), `${phonemes} says tones ${tonesSaid(phonemes)}`).toBe(
        true,
      );
    },
  );

  it('tells tones apart in espeak’s phonemes (the check above can fail)', () => {
    expect(tonesSaid("ji35nX'A35N_|")).toBe('22');
    expect(tonesMatch('22', 'yin2 hang2')).toBe(true);
    expect(tonesMatch('22', 'yin2 xing1')).toBe(false);
    expect(tonesMatch('23', 'ni3 hao3')).toBe(true);
    expect(tonesMatch('2', 'yin2 hang2')).toBe(false);
  });
});
