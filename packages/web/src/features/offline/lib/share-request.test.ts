import { describe, expect, it } from 'vitest';
import { isFromShareMenu, type ShareRequest } from './share-request';

const OURS = 'https://spellwell.example';
const navigation = (over: Partial<ShareRequest> = {}): ShareRequest => ({
  mode: 'navigate',
  destination: 'document',
  referrer: '',
  referrerPolicy: '',
  ...over,
});

describe('isFromShareMenu', () => {
  it.each<[string, Partial<ShareRequest>, string, boolean]>([
    ['the share menu: a browser-started top-level navigation, no referrer', {}, OURS, true],
    [
      'the share menu, the default policy spelled out',
      { referrerPolicy: 'strict-origin-when-cross-origin' },
      OURS,
      true,
    ],
    ['a page of SpellWell itself', { referrer: `${OURS}/dashboard/1` }, OURS, true],
    ['another site’s form', { referrer: 'https://evil.example/' }, OURS, false],
    [
      'another site’s form, from its full address',
      { referrer: 'https://evil.example/page?x=1', referrerPolicy: 'unsafe-url' },
      OURS,
      false,
    ],
    ['a look-alike subdomain', { referrer: 'https://spellwell.example.evil.example/' }, OURS, false],
    [
      'another site’s form with rel=noreferrer or <meta referrer=no-referrer>',
      { referrerPolicy: 'no-referrer' },
      OURS,
      false,
    ],
    ['another site’s form with <meta referrer=same-origin>', { referrerPolicy: 'same-origin' }, OURS, false],
    ['a form posted into a frame', { destination: 'iframe', referrer: `${OURS}/` }, OURS, false],
    ['a fetch, not a navigation', { mode: 'cors', destination: '', referrer: `${OURS}/` }, OURS, false],
    [
      'no referrer on plain http (a page on https lost it on the way down)',
      {},
      'http://127.0.0.1:3000',
      false,
    ],
    [
      'a page of SpellWell itself on plain http',
      { referrer: 'http://127.0.0.1:3000/x' },
      'http://127.0.0.1:3000',
      true,
    ],
    ['a referrer that is not a URL', { referrer: 'about:client' }, OURS, false],
  ])('%s', (_what, over, origin, expected) => {
    expect(isFromShareMenu(navigation(over), origin)).toBe(expected);
  });
});
