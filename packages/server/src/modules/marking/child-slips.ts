/**
 * What children misspell a Latin-script word as, and what they do not: the rivals the expected
 * word is checked against (check-answer.ts) and which of them only a recogniser would make.
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyz';

/** The misspellings a child makes of a word: one letter dropped, doubled, added, changed or swapped. */
export function nearMisses(word: string): Set<string> {
  const out = new Set<string>();
  for (let i = 0; i <= word.length; i++) {
    if (i < word.length) out.add(word.slice(0, i) + word.slice(i + 1));
    if (i < word.length - 1) out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2));
    for (const l of LETTERS) {
      out.add(word.slice(0, i) + l + word.slice(i));
      if (i < word.length) out.add(word.slice(0, i) + l + word.slice(i + 1));
    }
  }
  out.delete(word);
  return out;
}

/**
 * Letters a child writes for one another: any vowel for another (and y), a sound's other
 * spellings (c k q s z, f v, g j, l r, m n, w v), voiced for voiceless (b p, d t, g k, z s)
 * and the mirror-image reversals (b d p q). Anything else written in a letter's place (g as q,
 * n as h or r, u as v, a bracket for an l) is how a print-trained recogniser misreads a hand.
 */
const SOUND_GROUPS = ['aeiouy', 'ckqsz', 'fv', 'gj', 'gk', 'lr', 'mn', 'wv', 'bdpq', 'bp', 'dt'];

const childSwaps = new Set<string>();
for (const group of SOUND_GROUPS)
  for (const a of group) for (const b of group) if (a !== b) childSwaps.add(a + b);

/**
 * Whether `reading` is the expected word with one letter changed into one no child writes for
 * it (compared without case): a reading only the recogniser's eye makes. Every other rival
 * (dropped, doubled, added, swapped letters, a child's substitution, another word) is not.
 */
export function onlyALookAlike(expected: string, reading: string): boolean {
  const a = [...expected.toLowerCase()];
  const b = [...reading.toLowerCase()];
  if (a.length !== b.length) return false;
  const differ = a.flatMap((c, i) => (c === b[i] ? [] : [i]));
  if (differ.length !== 1) return false;
  const i = differ[0]!;
  return !childSwaps.has(a[i]! + b[i]!);
}

/**
 * A reading without what a speck of graphite or a rule's dash beside the word is read as (dots,
 * commas, dashes, quotes, spaces before or after it), compared without case. Only at its ends:
 * inside the word such a mark could be a letter read badly (`writ-e` for `writte`), and marks
 * that could be a letter (| ! 1 ( ) [ ] + /) stay wherever they are.
 */
export const withoutSpecks = (s: string) =>
  s.toLowerCase().replace(/^[\s.,\-_·'"`~:;]+|[\s.,\-_·'"`~:;]+$/g, '');
