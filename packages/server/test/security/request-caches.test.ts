import { TIME_ZONE_CACHE_MAX, timeZoneCacheSizes } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import { buildRouteTestApp } from './support/route-table.js';

/** The `n`th spelling of `zone`: its letters upper- or lower-cased by the bits of `n`. */
function spelling(zone: string, n: number): string {
  let bit = 0;
  return [...zone]
    .map((char) => {
      if (!/[a-z]/i.test(char)) return char;
      const upper = (n >> bit++) & 1;
      return upper ? char.toUpperCase() : char.toLowerCase();
    })
    .join('');
}

describe('caches keyed by request data stay bounded', async () => {
  const { app } = await buildRouteTestApp();

  it('50,000 spellings of time zones, before sign-in, leave the time-zone caches within their cap', async () => {
    const zones = [
      'America/Argentina/ComodRivadavia',
      'America/Indiana/Indianapolis',
      'Antarctica/DumontDUrville',
    ];
    for (let n = 0; n < 50_000; n += 1) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/auth/config',
        headers: { 'x-time-zone': spelling(zones[n % zones.length]!, Math.floor(n / zones.length)) },
      });
      if (res.statusCode !== 200) throw new Error(`spelling ${n}: ${res.statusCode} ${res.body}`);
    }
    const sizes = timeZoneCacheSizes();
    expect(sizes.formatters).toBeLessThanOrEqual(TIME_ZONE_CACHE_MAX);
    expect(sizes.spellings).toBeLessThanOrEqual(TIME_ZONE_CACHE_MAX);
    expect(sizes.localDates).toBeLessThanOrEqual(TIME_ZONE_CACHE_MAX);
  });
});
