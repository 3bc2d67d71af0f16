// Where the tone mark goes: on a or e if present, on the o of "ou", else on the last vowel.
const MARKS: Record<string, string[]> = {
  a: ['ā', 'á', 'ǎ', 'à'],
  e: ['ē', 'é', 'ě', 'è'],
  i: ['ī', 'í', 'ǐ', 'ì'],
  o: ['ō', 'ó', 'ǒ', 'ò'],
  u: ['ū', 'ú', 'ǔ', 'ù'],
  ü: ['ǖ', 'ǘ', 'ǚ', 'ǜ'],
};

function markSyllable(syllable: string): string {
  const match = /^([a-zü]+)([1-5])$/u.exec(syllable);
  if (!match) return syllable;
  const [, letters, toneText] = match as unknown as [string, string, string];
  const tone = Number(toneText);
  if (tone === 5) return letters;
  let at = letters.search(/[ae]/);
  if (at < 0) at = letters.indexOf('ou');
  if (at < 0) {
    for (let i = letters.length - 1; i >= 0; i--)
      if (MARKS[letters[i]!]) {
        at = i;
        break;
      }
  }
  if (at < 0) return letters;
  return letters.slice(0, at) + MARKS[letters[at]!]![tone - 1] + letters.slice(at + 1);
}

/** `yin2 hang2` → `yín háng`, as pinyin is printed above the characters. */
export function toToneMarks(reading: string): string {
  return reading.split(' ').map(markSyllable).join(' ');
}
