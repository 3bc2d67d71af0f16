import { pinyin } from 'pinyin-pro';

/**
 * The reading a Chinese word gets unless the parent corrects it: pinyin-pro's phrase-aware
 * pinyin (银行 yin2 hang2, not yin2 xing2), tone numbers, 5 for the neutral tone, one syllable
 * per Chinese character (anything else in the word is skipped). Null when the word has no
 * Chinese character. Kept out of the package's main entry: the dictionary is large, and the web
 * app loads it only for Chinese sets.
 */
export function defaultReading(word: string): string | null {
  const syllables = pinyin(word, { toneType: 'num', type: 'all' })
    .filter((s) => s.isZh && s.pinyin !== '')
    .map((s) => s.pinyin.replace(/0$/, '5'));
  return syllables.length > 0 ? syllables.join(' ') : null;
}
