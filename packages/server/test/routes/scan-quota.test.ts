import { describe, expect, it } from 'vitest';
import { SCANS_PER_DAY } from '../../src/routes/api/ocr/photo-admission.js';
import { createScanQuotaRepository, utcDay } from '../../src/modules/scan-pool/scan-quota-repository.js';
import { buildTestApp, type TestParent } from '../helper.js';
import { multipartBody, renderWorksheet } from '../support/worksheet-images.js';

const URL = '/api/official-wordset/ocr';
const sheet = await renderWorksheet({ words: ['apple', 'banana', 'cherry'], language: 'English' });

describe('the daily scan quota', async () => {
  const { app, createParent } = await buildTestApp();
  const { kysely } = app.db;
  const quota = createScanQuotaRepository(app.db);

  const scan = async (parent: TestParent) => {
    const body = await multipartBody(
      { parentId: parent.id, language: 'English' },
      { bytes: sheet, name: 'sheet.png', type: 'image/png' },
    );
    return parent.inject({ method: 'POST', url: URL, ...body });
  };
  const scansToday = async (parentId: string) =>
    (
      await kysely
        .selectFrom('scan_days')
        .select('scans')
        .where('parent_id', '=', parentId)
        .where('day', '=', utcDay(new Date()))
        .executeTakeFirst()
    )?.scans;

  it(`reads ${SCANS_PER_DAY} scans a day, then answers 429 naming the limit, with Retry-After until the next day`, async () => {
    const parent = await createParent();
    const other = await createParent();
    // As if the parent had scanned all day: the last scan allowed.
    await kysely
      .insertInto('scan_days')
      .values({ parent_id: parent.id, day: utcDay(new Date()), scans: SCANS_PER_DAY - 1 })
      .execute();

    const last = await scan(parent);
    expect(last.statusCode).toBe(200);
    expect(last.json().text).toBe('apple\nbanana\ncherry');
    expect(await scansToday(parent.id)).toBe(SCANS_PER_DAY);

    const refused = await scan(parent);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      error: 'scan_quota',
      message: 'You have scanned 100 images today, the most allowed in a day. Please try again tomorrow.',
    });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(24 * 60 * 60);
    // Refused scans are not counted, and nothing was left admitted.
    expect(await scansToday(parent.id)).toBe(SCANS_PER_DAY);
    expect(app.scanAdmission.inUse).toBe(0);

    // Another parent's quota is their own.
    const theirs = await scan(other);
    expect(theirs.statusCode).toBe(200);
    expect(await scansToday(other.id)).toBe(1);
  }, 300_000);

  it('counts in one statement: parallel scans cannot pass the quota together', async () => {
    const parent = await createParent();
    const day = utcDay(new Date());
    const taken = await Promise.all(Array.from({ length: 20 }, () => quota.take(parent.id, day, 5)));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await scansToday(parent.id)).toBe(5);
  });

  it("drops a parent's earlier days once a new day's scan is counted", async () => {
    const parent = await createParent();
    await kysely
      .insertInto('scan_days')
      .values({ parent_id: parent.id, day: '2020-01-01', scans: 40 })
      .execute();
    expect(await quota.take(parent.id, '2020-01-02', SCANS_PER_DAY)).toBe(true);
    const days = await kysely
      .selectFrom('scan_days')
      .select(['day', 'scans'])
      .where('parent_id', '=', parent.id)
      .execute();
    expect(days).toEqual([{ day: '2020-01-02', scans: 1 }]);
  });

  it("goes with the parent's account", async () => {
    const parent = await createParent();
    expect(await quota.take(parent.id, utcDay(new Date()), SCANS_PER_DAY)).toBe(true);
    const deleted = await parent.inject({ method: 'DELETE', url: '/api/account' });
    expect(deleted.statusCode).toBe(204);
    expect(
      await kysely.selectFrom('scan_days').where('parent_id', '=', parent.id).selectAll().execute(),
    ).toEqual([]);
  });
});

describe('the daily scan quota under RATE_LIMIT_MULTIPLIER', async () => {
  const scaled = await buildTestApp({ RATE_LIMIT_MULTIPLIER: '3' });

  it('is scaled by RATE_LIMIT_MULTIPLIER, like the rate limits', async () => {
    const parent = await scaled.createParent();
    await scaled.app.db.kysely
      .insertInto('scan_days')
      .values({ parent_id: parent.id, day: utcDay(new Date()), scans: 3 * SCANS_PER_DAY })
      .execute();
    const body = await multipartBody(
      { parentId: parent.id, language: 'English' },
      { bytes: sheet, name: 'sheet.png', type: 'image/png' },
    );
    const refused = await parent.inject({ method: 'POST', url: URL, ...body });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(
      'You have scanned 300 images today, the most allowed in a day. Please try again tomorrow.',
    );
  });
});
