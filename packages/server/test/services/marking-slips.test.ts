import { describe, expect, it } from 'vitest';
import { nearMisses, onlyALookAlike, withoutSpecks } from '../../src/modules/marking/child-slips.js';

describe("a word's rivals: the slips a child makes and the misreadings only a recogniser makes", () => {
  it("has every child's one-letter slip of a word among its rivals", () => {
    const rivals = nearMisses('garden');
    for (const slip of ['gardn', 'gaarden', 'gardene', 'gadren', 'gerden', 'qarden', 'jarden'])
      expect(rivals).toContain(slip);
    expect(rivals).not.toContain('garden');
  });

  it('tells a letter no child writes in its place from a slip a child does make', () => {
    // Print-trained misreadings of a hand: cursive g as q, n as h or r, u as v, l as a bracket.
    expect(onlyALookAlike('garden', 'qarden')).toBe(true);
    expect(onlyALookAlike('nasi', 'hasi')).toBe(true);
    expect(onlyALookAlike('because', 'becavse')).toBe(true);
    expect(onlyALookAlike('Pensel', 'Pense]')).toBe(true);
    // A child's own: another vowel, a sound's other spelling, voicing, a reversal, case alone.
    expect(onlyALookAlike('kakak', 'kekak')).toBe(false);
    expect(onlyALookAlike('cat', 'kat')).toBe(false);
    expect(onlyALookAlike('garden', 'jarden')).toBe(false);
    expect(onlyALookAlike('bed', 'ded')).toBe(false);
    expect(onlyALookAlike('Garden', 'qarden')).toBe(true);
    // Letters dropped, doubled or swapped, two changed, another word: never only a look-alike.
    expect(onlyALookAlike('garden', 'gardn')).toBe(false);
    expect(onlyALookAlike('island', 'islandd')).toBe(false);
    expect(onlyALookAlike('garden', 'qardem')).toBe(false);
    expect(onlyALookAlike('there', 'their')).toBe(false);
  });

  it('reads a word with specks or dashes beside it as the word, never a letter inside it', () => {
    // What a dot of graphite or a rule's leftover is read as, before or after the word.
    expect(withoutSpecks('thought.')).toBe('thought');
    expect(withoutSpecks('write .')).toBe('write');
    expect(withoutSpecks('pokok ...- ....-.... .....')).toBe('pokok');
    expect(withoutSpecks("'Buku")).toBe('buku');
    // Inside the word a mark may be a letter read badly; a stroke may be a letter anywhere.
    expect(withoutSpecks('writ-e')).toBe('writ-e');
    expect(withoutSpecks('write|')).toBe('write|');
    expect(withoutSpecks('write!')).toBe('write!');
  });
});
