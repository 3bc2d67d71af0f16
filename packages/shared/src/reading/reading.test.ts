import { describe, expect, it } from 'vitest';
import { defaultReading } from './default-reading.js';
import { READING_MESSAGES, formatWordLine, normaliseReading, parseWordLine, toToneMarks } from './index.js';
import { parseWordEntries, readingProblem } from './word-entries.js';
import { parseWordList } from '../text.js';
import { EditWordsSchema } from '../schemas/word-set.js';

describe('parseWordLine', () => {
  it.each([
    ['银行 (yin2 hang2)', '银行', 'yin2 hang2'],
    ['银行（yin2 hang2）', '银行', 'yin2 hang2'],
    ['银行 ( Yin2   HANG2 )', '银行', 'yin2 hang2'],
    ['东西 (dong1 xi0)', '东西', 'dong1 xi5'],
    ['绿色 (lv4 se4)', '绿色', 'lü4 se4'],
    ['绿色 (lu:4 se4)', '绿色', 'lü4 se4'],
    ['女儿 (nü3 er2)', '女儿', 'nü3 er2'],
  ])('%s → %s + %s', (line, word, reading) => {
    expect(parseWordLine(line)).toEqual({ ok: true, entry: { word, reading } });
  });

  it.each(['银行', 'apple (noun)', 'sekolah (1)', 'பள்ளி (x)', '(yin2)'])('%s has no reading', (line) => {
    expect(parseWordLine(line)).toEqual({ ok: true, entry: { word: line, reading: null } });
  });

  it.each([
    ['银行 (yin hang)', READING_MESSAGES.notPinyin('银行')],
    ['银行 (yin6 hang2)', READING_MESSAGES.notPinyin('银行')],
    ['银行 ()', READING_MESSAGES.notPinyin('银行')],
    ['银行 (yín háng)', READING_MESSAGES.notPinyin('银行')],
    ['银行 (yin2)', READING_MESSAGES.syllableCount('银行', 2)],
    ['好 (hao3 de5)', READING_MESSAGES.syllableCount('好', 1)],
  ])('%s is refused', (line, message) => {
    expect(parseWordLine(line)).toEqual({ ok: false, message });
  });

  it('says the messages in words', () => {
    expect(READING_MESSAGES.notPinyin('银行')).toBe(
      'Write the pinyin of 银行 with tone numbers 1 to 5, like 银行 (yin2 hang2)',
    );
    expect(READING_MESSAGES.syllableCount('银行', 2)).toBe(
      'The pinyin of 银行 needs 2 syllables, one for each character',
    );
  });
});

describe('formatWordLine and normaliseReading', () => {
  it('shows a corrected reading in the syntax it is typed in, and a default one not at all', () => {
    expect(formatWordLine('银行', 'yin2 hang2')).toBe('银行 (yin2 hang2)');
    expect(formatWordLine('银行', null)).toBe('银行');
  });
  it('round-trips: what is shown parses back to the same word and reading', () => {
    const line = formatWordLine('东西', 'dong1 xi5');
    expect(parseWordLine(line)).toEqual({ ok: true, entry: { word: '东西', reading: 'dong1 xi5' } });
  });
  it('normalises case, spacing, ü and the neutral tone', () => {
    expect(normaliseReading('  NV3  Er0 ')).toBe('nü3 er5');
  });
});

describe('toToneMarks', () => {
  it.each([
    ['yin2 hang2', 'yín háng'],
    ['jue2 de5', 'jué de'],
    ['lü4 se4', 'lǜ sè'],
    ['zhou1 liu4', 'zhōu liù'],
    ['gui4 dou1', 'guì dōu'],
    ['xiao3 hua1', 'xiǎo huā'],
  ])('%s → %s', (reading, marks) => {
    expect(toToneMarks(reading)).toBe(marks);
  });
});

describe('parseWordEntries', () => {
  it('splits readings off Chinese lines and keeps the first of two lines for one word', () => {
    const lines = parseWordList('银行 (yin2 hang2)\n睡觉\n银行\n东西 (dong1 xi5)');
    expect(parseWordEntries(lines, 'Chinese')).toEqual([
      { word: '银行', reading: 'yin2 hang2' },
      { word: '睡觉', reading: null },
      { word: '东西', reading: 'dong1 xi5' },
    ]);
  });
  it('leaves every other language as it was', () => {
    expect(parseWordEntries(['apple (noun)', '银行 (yin2 hang2)'], 'English')).toEqual([
      { word: 'apple (noun)', reading: null },
      { word: '银行 (yin2 hang2)', reading: null },
    ]);
  });
  it('the words schema refuses a malformed reading with its message', () => {
    expect(readingProblem(['睡觉', '银行 (yin2)'])).toBe(READING_MESSAGES.syllableCount('银行', 2));
    const result = EditWordsSchema.safeParse({ words: '睡觉\n银行 (yinhang)' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(READING_MESSAGES.notPinyin('银行'));
    expect(EditWordsSchema.safeParse({ words: '银行 (yin2 hang2)' }).success).toBe(true);
  });
});

describe('defaultReading', () => {
  it.each([
    ['银行', 'yin2 hang2'],
    ['长大', 'zhang3 da4'],
    ['觉得', 'jue2 de5'],
    ['睡觉', 'shui4 jiao4'],
    ['音乐', 'yin1 yue4'],
    ['快乐', 'kuai4 le4'],
    ['绿色', 'lü4 se4'],
    ['我们', 'wo3 men5'],
    ['A好！', 'hao3'],
  ])('%s → %s', (word, reading) => {
    expect(defaultReading(word)).toBe(reading);
  });
  it('has none for a word without Chinese characters', () => {
    expect(defaultReading('apple')).toBeNull();
  });
});
