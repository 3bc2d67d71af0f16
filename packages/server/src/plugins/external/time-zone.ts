import fp from 'fastify-plugin';
import { DEFAULT_TIME_ZONE, TIME_ZONE_HEADER, canonicalTimeZone, localDate } from '@spellwell/shared';
import { HttpError } from '../../lib/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The parent's IANA time zone, from `X-Time-Zone` (Singapore when absent). */
    timeZone: string;
    /** The parent's local calendar day now, "yyyy-MM-dd". */
    localToday(): string;
  }
}

/** "Today" is the parent's local day (PRODUCT.md); the web app sends its time zone. */
export default fp(
  async (app) => {
    app.decorateRequest('timeZone', DEFAULT_TIME_ZONE);
    app.decorateRequest('localToday', function localToday(this: { timeZone: string }) {
      return localDate(this.timeZone);
    });
    app.addHook('onRequest', (request, _reply, done) => {
      const header = request.headers[TIME_ZONE_HEADER];
      if (header === undefined) return done();
      // Canonical, so every spelling of one zone shares one cached formatter (dates.ts).
      const timeZone = typeof header === 'string' ? canonicalTimeZone(header) : null;
      if (timeZone === null) {
        return done(new HttpError(400, 'bad_time_zone', 'X-Time-Zone is not a known IANA time zone'));
      }
      request.timeZone = timeZone;
      done();
    });
  },
  { name: 'time-zone' },
);
