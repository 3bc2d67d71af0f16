import { describe, expect, it } from 'vitest';
import { mergeScannedWords } from './merge-scanned-words';
import { officialLabel } from './official-label';

describe('officialLabel', () => {
  it('reads "dd/MM/yyyy - description - language"', () => {
    expect(officialLabel({ testDate: '2026-01-05', description: 'Week 3', language: 'English' })).toBe(
      '05/01/2026 - Week 3 - English',
    );
    expect(officialLabel({ testDate: '2025-12-31', description: '听写一', language: 'Chinese' })).toBe(
      '31/12/2025 - 听写一 - Chinese',
    );
  });
});

describe('mergeScannedWords', () => {
  it.each([
    ['an empty field takes the scan', '', 'apple\nbanana', 'apple\nbanana'],
    ['blank lines count as empty', '  \n \n', 'apple', 'apple'],
    [
      'typed words are kept, the scan goes after them',
      'cat\ndog',
      'apple\nbanana',
      'cat\ndog\napple\nbanana',
    ],
    ['trailing newlines do not leave a gap', 'cat\n\n', 'apple', 'cat\napple'],
    ['the scan is trimmed', 'cat', '\n apple \n', 'cat\napple'],
    ['an empty scan changes nothing', 'cat\n', '  \n', 'cat\n'],
  ])('%s', (_name, current, scanned, expected) => {
    expect(mergeScannedWords(current, scanned)).toBe(expected);
  });
});
