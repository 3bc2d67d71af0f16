import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../languages.js';
import { normaliseWord } from '../text.js';
import { SCRIPT } from './scripts.js';
import { understandList } from './understand-list.js';

/* Properties of the list stage over generated pages. */

const POOL: Record<Language, readonly string[]> = {
  English: [
    'orbit',
    'planet',
    'comet',
    'rocket',
    'galaxy',
    'meteor',
    'crater',
    'shooting star',
    'astronaut',
    'telescope',
  ],
  Chinese: ['星星', '月亮', '太空', '火箭', '银河', '流星', '宇航员', '望远镜', '地球', '太阳'],
  Malay: [
    'bintang',
    'bulan',
    'angkasa',
    'roket',
    'planet',
    'meteor',
    'angkasawan',
    'teleskop',
    'bumi',
    'matahari',
  ],
  Tamil: ['நிலா', 'சூரியன்', 'வானம்', 'நட்சத்திரம்', 'பூமி', 'மேகம்', 'மழை', 'காற்று', 'கடல்', 'மலை'],
};

const CIRCLED = (n: number) => String.fromCodePoint(0x2460 + n - 1);
const MARKERS: readonly ((n: number) => string)[] = [
  (n) => `${n}. `,
  (n) => `${n}) `,
  (n) => `(${n}) `,
  (n) => `${CIRCLED(n)} `,
  (n) => `${String.fromCharCode(96 + n)}. `,
  (n) => `${String.fromCharCode(64 + n)}) `,
];

/** Print around a list that is never part of it, in each language's sheets. */
const CHROME: readonly string[] = [
  'Name: __________ Class: ____ Date: ______',
  'Spelling List 4',
  'Page 2',
  '__________',
  'Greenfield Primary School',
  "Parent's signature: ________",
  '— 3 —',
];

const lines = (texts: readonly string[]) => texts.map((text) => ({ text }));
const texts = (page: readonly string[], language?: Language) =>
  understandList(lines(page), language).entries.map((entry) => entry.text);

const language = fc.constantFrom(...LANGUAGES);
const wordsOf = (lang: Language) => fc.shuffledSubarray([...POOL[lang]], { minLength: 3, maxLength: 10 });

describe('understandList: properties', () => {
  it('answers any text: entries normalised, unique, from real lines, in the language, or a reason', () => {
    const noisyLine = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.constantFrom(
        ...CHROME,
        ...Object.values(POOL).flat(),
        '8:15 PM',
        'Type a message',
        'orbit, planet, comet',
      ),
    );
    fc.assert(
      fc.property(
        fc.array(noisyLine, { maxLength: 30 }),
        fc.option(language, { nil: undefined }),
        (page, lang) => {
          const { entries, emptyReason } = understandList(lines(page), lang);
          expect(emptyReason === undefined).toBe(entries.length > 0);
          const keys = entries.map((entry) => entry.text.toLocaleLowerCase());
          expect(new Set(keys).size).toBe(keys.length);
          for (const entry of entries) {
            expect(entry.text).not.toBe('');
            expect(normaliseWord(entry.text)).toBe(entry.text);
            expect(entry.source).toBeGreaterThanOrEqual(0);
            expect(entry.source).toBeLessThan(page.length);
            if (lang) expect(entry.text).toMatch(SCRIPT[lang]);
          }
        },
      ),
    );
  });

  it('finds the same words whatever marks the list', () => {
    fc.assert(
      fc.property(
        language.chain((lang) => fc.tuple(fc.constant(lang), wordsOf(lang), fc.constantFrom(...MARKERS))),
        ([lang, words, marker]) => {
          expect(texts(words, lang)).toEqual(words);
          expect(
            texts(
              words.map((word, i) => marker(i + 1) + word),
              lang,
            ),
          ).toEqual(words);
        },
      ),
    );
  });

  it('finds the same words whatever the sheet prints around and between them', () => {
    fc.assert(
      fc.property(
        language.chain((lang) =>
          fc.tuple(
            fc.constant(lang),
            wordsOf(lang),
            fc.array(fc.tuple(fc.nat(), fc.constantFrom(...CHROME)), { maxLength: 4 }),
          ),
        ),
        ([lang, words, inserts]) => {
          const page = words.map((word, i) => `${i + 1}. ${word}`);
          for (const [at, line] of inserts) page.splice(at % (page.length + 1), 0, line);
          expect(texts(page, lang)).toEqual(words);
        },
      ),
    );
  });

  it('finds the same words separated by commas, semicolons or 、 as one a line', () => {
    fc.assert(
      fc.property(
        language.chain((lang) =>
          fc.tuple(fc.constant(lang), wordsOf(lang), fc.constantFrom(', ', '; ', '、', '，')),
        ),
        ([lang, words, separator]) => {
          expect(texts([words.join(separator)], lang)).toEqual(words);
        },
      ),
    );
  });
});
