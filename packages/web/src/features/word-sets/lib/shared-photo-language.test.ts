import { describe, expect, it } from 'vitest';
import { languageForSharedPhoto } from './shared-photo-language';

describe('a photo shared to SpellWell with no language chosen', () => {
  it("is read in the language of the child's practice with the latest test date", () => {
    expect(languageForSharedPhoto([])).toBeNull();
    expect(
      languageForSharedPhoto([
        { testDate: '2026-03-10', language: 'English' },
        { testDate: '2026-04-02', language: 'Chinese' },
        { testDate: '2026-03-20', language: 'English' },
      ]),
    ).toBe('Chinese');
  });
});
