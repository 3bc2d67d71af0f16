import { describe, expect, it } from 'vitest';
import { signedInParentId } from './parent-id';

/** A token shaped like the server's (HS256 JWT); the signature is not checked here. */
const jwt = (payload: object) =>
  ['{"alg":"HS256","typ":"JWT"}', JSON.stringify(payload)]
    .map((part) => btoa(part).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'))
    .concat('signature')
    .join('.');

describe('signedInParentId', () => {
  it("reads the parent's id from the token's subject", () => {
    expect(signedInParentId(jwt({ sub: '6d0c2f59-f45a-4602-989d-f2f73e089de2', exp: 1 }))).toBe(
      '6d0c2f59-f45a-4602-989d-f2f73e089de2',
    );
  });

  it('reads base64url payloads whose bytes need - and _', () => {
    // Its JSON encodes with "/" and "+" in base64, so "_" and "-" in base64url.
    const sub = '???>>>';
    expect(signedInParentId(jwt({ sub }))).toBe(sub);
  });

  it.each([
    ['no token', null],
    ['not a JWT', 'opaque-token'],
    ['a payload that is not JSON', 'a.bm90IGpzb24.c'],
    ['no subject', jwt({ iss: 'spellwell' })],
    ['an empty subject', jwt({ sub: '' })],
    ['a subject that is not text', jwt({ sub: 42 })],
  ])('answers null for %s', (_case, token) => {
    expect(signedInParentId(token)).toBeNull();
  });
});
