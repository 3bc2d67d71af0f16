import { describe, expect, it } from 'vitest';
import { createAccessTokens } from '../../src/modules/auth/access-tokens.js';

const secret = new TextEncoder().encode('a-secret-that-is-long-enough-for-hs256-0123456789');

describe('access tokens', () => {
  it('remembers a verified token only until it expires', async () => {
    let clock = Date.now();
    const tokens = createAccessTokens(secret, 60, () => clock);
    const token = await tokens.sign('parent-1');
    expect(await tokens.verify(token)).toBe('parent-1');
    clock += 30_000;
    expect(await tokens.verify(token)).toBe('parent-1'); // from the cache
    clock += 31_000;
    expect(await tokens.verify(token)).toBeNull(); // expired, cached or not
  });

  it('never accepts a token signed with another secret, however often it is presented', async () => {
    const forged = await createAccessTokens(
      new TextEncoder().encode('another-secret-that-is-long-enough-0123456789'),
    ).sign('p');
    const tokens = createAccessTokens(secret);
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(`${forged}x`)).toBeNull();
  });
});
