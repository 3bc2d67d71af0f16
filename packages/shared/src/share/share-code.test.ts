import { describe, expect, it } from 'vitest';
import { SharedListParamsSchema } from '../schemas/shared-list.js';
import {
  SHARE_CODE_ALPHABET,
  SHARE_CODE_BITS,
  SHARE_CODE_LENGTH,
  normaliseShareCode,
  shareCodeFrom,
} from './share-code.js';

describe('share code alphabet', () => {
  it('has none of the look-alikes 0/O, 1/I/L, and no letter twice', () => {
    for (const c of '0O1IL') expect(SHARE_CODE_ALPHABET).not.toContain(c);
    expect(new Set(SHARE_CODE_ALPHABET).size).toBe(SHARE_CODE_ALPHABET.length);
    expect(SHARE_CODE_ALPHABET).toMatch(/^[2-9A-Z]+$/);
  });

  it('carries at least 40 bits in a code of at least 8 characters', () => {
    expect(SHARE_CODE_LENGTH).toBeGreaterThanOrEqual(8);
    expect(SHARE_CODE_BITS).toBeGreaterThanOrEqual(40);
  });
});

describe('normaliseShareCode', () => {
  it.each([
    ['K7QM-2XR9-HT4P', 'K7QM-2XR9-HT4P'],
    ['k7qm-2xr9-ht4p', 'K7QM-2XR9-HT4P'],
    ['K7QM2XR9HT4P', 'K7QM-2XR9-HT4P'],
    ['  k7qm 2xr9 ht4p ', 'K7QM-2XR9-HT4P'],
    ['K7QM – 2XR9 — HT4P', 'K7QM-2XR9-HT4P'],
    ['K7-QM2X-R9HT-4P', 'K7QM-2XR9-HT4P'],
  ])('reads %j as %j', (typed, code) => {
    expect(normaliseShareCode(typed)).toBe(code);
  });

  it.each([
    ['', 'empty'],
    ['K7QM-2XR9', 'too short'],
    ['K7QM-2XR9-HT4P-Q', 'too long'],
    ['K7QM-2XR9-HT40', 'a zero'],
    ['K7QM-2XR9-HTOP', 'an O'],
    ['K7QM-2XR9-HT1P', 'a one'],
    ['K7QM-2XR9-HTIP', 'an I'],
    ['K7QM-2XR9-HTLP', 'an L'],
    ['K7QM/2XR9/HT4P', 'slashes'],
    ['K7QM-2XR9-HT4É', 'a letter outside the alphabet'],
  ])('refuses %j (%s)', (typed) => {
    expect(normaliseShareCode(typed)).toBeNull();
  });

  it('round-trips every code it makes, whatever the symbols', () => {
    for (let n = 0; n < 200; n++) {
      const indexes = Array.from({ length: SHARE_CODE_LENGTH }, (_, i) => (n * 7 + i * 13) % 31);
      const code = shareCodeFrom(indexes);
      expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      expect(normaliseShareCode(code)).toBe(code);
      expect(normaliseShareCode(code.toLowerCase().replaceAll('-', ' '))).toBe(code);
    }
  });
});

describe('SharedListParamsSchema', () => {
  it('hands the route the stored form of a typed code', () => {
    expect(SharedListParamsSchema.parse({ code: 'k7qm2xr9ht4p' })).toEqual({ code: 'K7QM-2XR9-HT4P' });
  });

  it('refuses what cannot be a code with one clear message', () => {
    const result = SharedListParamsSchema.safeParse({ code: 'hello' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'That is not a share code. A code looks like K7QM-2XR9-HT4P.',
    );
  });
});
