import { describe, expect, it } from 'vitest';
import { nearMisses, onlyALookAlike } from '../../src/modules/marking/child-slips.js';

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
});
