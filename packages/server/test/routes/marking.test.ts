import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  MARKING_MESSAGES,
  SheetMarkingSchema,
  addDaysIso,
  answerSlotsFor,
  localDate,
} from '@spellwell/shared';
import { photographSheet } from '../../../../bench/marking/photo.js';
import { seeded } from '../../../../bench/scan-photos/svg.js';
import { snapshotDb } from '../security/support/route-table.js';
import { buildTestApp, type TestParent } from '../helper.js';
import { multipartBody } from '../support/worksheet-images.js';

const SG = { 'x-time-zone': 'Asia/Singapore' };

/**
 * Issue 39: a photo of the child's printed sheet, marked through the real route: the scan
 * processes, PaddleOCR's recogniser, photos made by the evaluation's generator from the sheet
 * the server stored (so the QR code names it).
 */
describe('POST /api/child/:childId/printed-sheets/:sheetId/marking', async () => {
  const { app, createParent } = await buildTestApp();
  const parent = await createParent();
  const other = await createParent();

  async function printSheet(as: TestParent, words: string) {
    const child = await as.inject({
      method: 'POST',
      url: `/api/child/create/${as.id}`,
      payload: { childName: 'Mei' },
    });
    const childId = child.json<{ id: string }>().id;
    const set = await as.inject({
      method: 'POST',
      url: `/api/word-sets/create/${childId}`,
      payload: {
        testDate: addDaysIso(localDate('Asia/Singapore'), 20),
        description: 'Week 3',
        language: 'English',
        words,
      },
    });
    const sheet = await as.inject({
      method: 'POST',
      url: `/api/child/${childId}/printed-sheets`,
      headers: SG,
      payload: { wordSetId: set.json<{ id: string }>().id },
    });
    expect(sheet.statusCode, sheet.body).toBe(201);
    return {
      childId,
      sheet: sheet.json<{ id: string; words: { id: string; wordString: string; language: string }[] }>(),
    };
  }

  const mine = await printSheet(parent, 'river\nkitchen\ngarden');
  const theirs = await printSheet(other, 'river\nkitchen\ngarden');
  const { words } = mine.sheet;
  // The child wrote the first word right, misspelled the second, left the third blank.
  const photo = await photographSheet(
    mine.sheet.id,
    answerSlotsFor(words),
    'Week 3',
    [
      { kind: 'text', text: 'river', crossed: null },
      { kind: 'text', text: 'kichen', crossed: null },
      { kind: 'blank' },
    ],
    'patrickHand',
    seeded(39),
    { gentle: true },
  );
  const theirPhoto = await photographSheet(
    theirs.sheet.id,
    answerSlotsFor(theirs.sheet.words),
    'Week 3',
    [{ kind: 'blank' }, { kind: 'blank' }, { kind: 'blank' }],
    'patrickHand',
    seeded(40),
    { gentle: true },
  );

  const mark = async (
    as: TestParent,
    childId: string,
    sheetId: string,
    file?: { bytes: Buffer; type?: string },
  ) => {
    const body = await multipartBody(
      {},
      file ? { bytes: file.bytes, name: 'sheet.jpg', type: file.type ?? 'image/jpeg' } : undefined,
    );
    return as.inject({
      method: 'POST',
      url: `/api/child/${childId}/printed-sheets/${sheetId}/marking`,
      ...body,
    });
  };

  // The first photo starts a scan process and loads the recogniser: room for a busy machine.
  it(
    'marks the owner’s photo word by word: right correct, misspelled wrong, blank unsure, each with its crop',
    { timeout: 180_000 },
    async () => {
      const before = await snapshotDb(app, { skipRowsOf: ['scan_days'] });
      const res = await mark(parent, mine.childId, mine.sheet.id, { bytes: photo });
      expect(res.statusCode, res.body).toBe(200);
      const body = SheetMarkingSchema.parse(res.json());
      expect(body.sheetId).toBe(mine.sheet.id);
      expect(body.page).toBe(1);
      expect(body.marks.map((m) => m.wordId)).toEqual(words.map((w) => w.id));
      expect(body.marks.map((m) => m.verdict)).toEqual(['correct', 'wrong', 'unsure']);
      for (const m of body.marks) {
        expect(m.confidence).toBeGreaterThanOrEqual(0);
        expect(m.confidence).toBeLessThanOrEqual(1);
        expect(m.crop).toMatch(/^data:image\/jpeg;base64,/);
        const crop = await sharp(Buffer.from(m.crop.split(',')[1]!, 'base64')).metadata();
        expect(crop.width).toBeGreaterThan(crop.height!);
      }
      // Nothing is graded: the parent's Save decides.
      expect(await snapshotDb(app, { skipRowsOf: ['scan_days'] })).toEqual(before);
    },
  );

  it('answers 422 "This photo is of another sheet" to a photo of a different SpellWell sheet', async () => {
    const other = await printSheet(parent, 'apple\npear');
    const res = await mark(parent, other.childId, other.sheet.id, { bytes: photo });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'other_sheet', message: 'This photo is of another sheet' });
  });

  it('answers 422 saying what to try when no sheet is in the photo', async () => {
    const desk = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: '#8a7a66' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="1200" height="1600"><rect x="200" y="300" width="700" height="900" fill="#f4f4ef"/></svg>',
          ),
        },
      ])
      .jpeg()
      .toBuffer();
    const res = await mark(parent, mine.childId, mine.sheet.id, { bytes: desk });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'no_sheet_found', message: MARKING_MESSAGES.noSheet });
    expect(MARKING_MESSAGES.noSheet).toMatch(/corner squares and the QR code/);
  });

  it('answers 404 to another parent’s sheet, and to mixed ids, before reading the photo', async () => {
    const cases: [string, string][] = [
      [theirs.childId, theirs.sheet.id],
      [mine.childId, theirs.sheet.id],
      [theirs.childId, mine.sheet.id],
    ];
    for (const [childId, sheetId] of cases) {
      const res = await mark(parent, childId, sheetId, { bytes: theirPhoto });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'not_found', message: 'Sheet not found' });
    }
  });

  it('refuses bad files with a 4xx JSON error, and a sheet printed before marking existed with 422', async () => {
    // A parent of its own: the scans' limit of 10 a minute is per parent.
    const parent = await createParent();
    const mine = await printSheet(parent, 'river\nkitchen\ngarden');
    const none = await mark(parent, mine.childId, mine.sheet.id);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe('file_required');
    const notImage = await mark(parent, mine.childId, mine.sheet.id, {
      bytes: Buffer.from('not a photo at all'),
      type: 'image/png',
    });
    expect(notImage.statusCode).toBeGreaterThanOrEqual(400);
    expect(notImage.statusCode).toBeLessThan(500);
    expect(notImage.json().message).toBe('The file is not an image we can read.');
    const json = await parent.inject({
      method: 'POST',
      url: `/api/child/${mine.childId}/printed-sheets/${mine.sheet.id}/marking`,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    const badId = await mark(parent, mine.childId, 'not-a-uuid', { bytes: photo });
    expect(badId.statusCode).toBe(400);

    await app.db.kysely
      .updateTable('printed_sheets')
      .set({ answer_slots: null })
      .where('id', '=', mine.sheet.id)
      .execute();
    const old = await mark(parent, mine.childId, mine.sheet.id, { bytes: photo });
    expect(old.statusCode).toBe(422);
    expect(old.json()).toEqual({ error: 'sheet_not_markable', message: MARKING_MESSAGES.notMarkable });
    const read = await parent.inject({
      method: 'GET',
      url: `/api/child/${mine.childId}/printed-sheets/${mine.sheet.id}`,
    });
    expect(read.json().answerSlots).toBeNull();
    expect(app.scanAdmission.inUse).toBe(0);
  });

  it('allows a parent 10 photos a minute, as scans, then answers 429 JSON with Retry-After', async () => {
    const busy = await createParent();
    const url = `/api/child/${randomUUID()}/printed-sheets/${randomUUID()}/marking`;
    const body = await multipartBody({});
    for (let i = 0; i < 10; i++)
      expect((await busy.inject({ method: 'POST', url, ...body })).statusCode).toBe(404);
    const refused = await busy.inject({ method: 'POST', url, ...body });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('rate_limited');
    expect(refused.json().message).toMatch(/^Too many photos\. Please try again in/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another parent's allowance is their own.
    const fresh = await createParent();
    expect((await fresh.inject({ method: 'POST', url, ...body })).statusCode).toBe(404);
  });
});
