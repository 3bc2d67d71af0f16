import { describe, expect, it } from 'vitest';
import { GRADES } from '../scheduler/constants.js';
import { HANZI_CHAR_PATTERN, hanziOf, suggestGrade } from './index.js';

describe('suggestGrade (the stroke quiz rule)', () => {
  it.each([
    [0, false, GRADES.easy],
    [1, false, GRADES.medium],
    [2, false, GRADES.medium],
    [3, false, GRADES.difficult],
    [12, false, GRADES.difficult],
    [0, true, GRADES.difficult],
    [1, true, GRADES.difficult],
    [5, true, GRADES.difficult],
  ])('%i mistakes, hint used %s → grade %i', (mistakes, hintUsed, grade) => {
    expect(suggestGrade({ mistakes, hintUsed })).toBe(grade);
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s mistakes', (mistakes) => {
    expect(() => suggestGrade({ mistakes, hintUsed: false })).toThrow(RangeError);
  });
});

describe('hanziOf and HANZI_CHAR_PATTERN', () => {
  it('keeps a word’s Han characters in order and skips the rest', () => {
    expect(hanziOf('银行')).toEqual(['银', '行']);
    expect(hanziOf('一、二 A3！')).toEqual(['一', '二']);
    expect(hanziOf('apple')).toEqual([]);
    // Outside the Basic Multilingual Plane: one character, two UTF-16 units.
    expect(hanziOf('𠀀')).toEqual(['𠀀']);
  });

  it.each(['水', '𠀀', '〇'])('%s is one Han character', (char) => {
    expect(HANZI_CHAR_PATTERN.test(char)).toBe(true);
  });

  it.each(['', 'a', '水水', '..', '%2F', 'ஆ', '、', '水\n', '\u{3000}'])('%j is not', (value) => {
    expect(HANZI_CHAR_PATTERN.test(value)).toBe(false);
  });
});
