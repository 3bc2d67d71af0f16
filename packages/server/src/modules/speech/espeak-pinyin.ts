/**
 * A reading (`yin2 hang2`) as text that espeak-ng's `cmn` voice says exactly: its dictionary
 * knows every pinyin syllable with a tone number. The syllables are joined (`yin2hang2`) so
 * they are said as one word, with the same phonemes and no pause, as for the characters;
 * the tone numbers keep them apart. `ü` becomes `v` (written `lü4` it switches to English) and
 * a bare erhua `r` becomes `er` (alone it is read as an English letter). docs/speech.md.
 */
export function espeakPinyin(reading: string): string {
  return reading
    .split(' ')
    .map((syllable) => syllable.replace(/ü/g, 'v').replace(/^r([1-5])$/, 'er$1'))
    .join('');
}
