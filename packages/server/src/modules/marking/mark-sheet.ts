import 'fastify';
import { layOutSheet, type AnswerSlot, type Language, type Rect } from '@spellwell/shared';
import { loadSharp } from '../ocr/load-sharp.js';
import type { ModelSessions } from '../ocr/pipeline/onnx-models.js';
import { checkCells, checkLine, type Check, type Verdict } from './check-answer.js';
import { cutBox, wipeLongRuns, wipeRule, type Cut } from './cut-boxes.js';
import { findSheet } from './find-sheet.js';
import type { Grey } from './grey-image.js';
import { MARKING } from './thresholds.js';

export interface MarkingRequest {
  sheetId: string;
  slots: AnswerSlot[];
  /** The sheet's words now (a word removed since printing is not marked). */
  words: { id: string; wordString: string; language: Language }[];
}

export interface WordMark {
  wordId: string;
  verdict: Verdict;
  confidence: number;
  /** The answer as photographed, flattened: a small JPEG data URL. */
  crop: string;
  check: Check;
}

export type MarkingResult =
  { status: 'marked'; page: number; marks: WordMark[] } | { status: 'no-sheet' } | { status: 'other-sheet' };

/** The photo upright (EXIF) and grey, at most MARKING.longestSide on its longer side. */
export async function decodePhoto(image: Buffer): Promise<Grey> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(image, { failOn: 'error' })
    .rotate()
    .resize(MARKING.longestSide, MARKING.longestSide, { fit: 'inside', withoutEnlargement: true })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  if (info.channels === 1) return { data: new Uint8Array(data), width: info.width, height: info.height };
  const grey = new Uint8Array(info.width * info.height);
  for (let i = 0; i < grey.length; i++) grey[i] = data[i * info.channels]!;
  return { data: grey, width: info.width, height: info.height };
}

/** A cut as a small JPEG for the parent to see beside the mark. */
async function cropImage(cut: Cut): Promise<string> {
  const sharp = await loadSharp();
  const pixels = Buffer.alloc(cut.width * cut.height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = Math.round(255 * cut.paper[i]!);
  const jpeg = await sharp(pixels, { raw: { width: cut.width, height: cut.height, channels: 1 } })
    .resize({ width: Math.round(cut.width / 2) })
    .jpeg({ quality: 70 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

const grow = (r: Rect, dx: number, top: number, bottom: number): Rect => ({
  x: r.x - dx,
  y: r.y - top,
  width: r.width + 2 * dx,
  height: r.height + top + bottom,
});

/** The line's box with room above and for descenders below, its printed rule wiped. */
export function cutLine(
  photo: Grey,
  toPhoto: NonNullable<ReturnType<typeof findSheet>>['toPhoto'],
  box: Rect,
): Cut {
  const rect = grow(box, 0, 1.5, 3.5);
  const cut = cutBox(photo, toPhoto!, rect);
  const ruleAt = Math.round((1.5 + box.height + 0.2) * MARKING.pxPerMm);
  wipeRule(cut, 'rows', ruleAt, Math.round(1.5 * MARKING.pxPerMm));
  wipeLongRuns(cut, 'rows', MARKING.ruleShare.line);
  return cut;
}

/** A 田字格 cell just inside its border; the border, if the photo put it inside, wiped. */
export function cutCell(
  photo: Grey,
  toPhoto: NonNullable<ReturnType<typeof findSheet>>['toPhoto'],
  box: Rect,
): Cut {
  const rect = grow(box, -0.7, -0.7, -0.7);
  const cut = cutBox(photo, toPhoto!, rect);
  const band = Math.round(0.9 * MARKING.pxPerMm);
  wipeRule(cut, 'rows', 0, band);
  wipeRule(cut, 'rows', cut.height - 1, band);
  wipeRule(cut, 'columns', 0, band);
  wipeRule(cut, 'columns', cut.width - 1, band);
  // Whatever is left of the border: long, and near an edge (a character's own strokes are inside).
  const edge = Math.round(MARKING.cellEdgeMm * MARKING.pxPerMm);
  wipeLongRuns(cut, 'rows', MARKING.ruleShare.cell, 0, edge);
  wipeLongRuns(cut, 'rows', MARKING.ruleShare.cell, cut.height - edge);
  wipeLongRuns(cut, 'columns', MARKING.ruleShare.cell, 0, edge);
  wipeLongRuns(cut, 'columns', MARKING.ruleShare.cell, cut.width - edge);
  return cut;
}

/**
 * Marks a photographed child's sheet: finds it, checks the QR code names this sheet, cuts each
 * answer and checks it against the word expected there. Tamil has no recogniser here: its words
 * are always unsure.
 */
export async function markSheet(
  models: ModelSessions,
  image: Buffer,
  request: MarkingRequest,
): Promise<MarkingResult> {
  const photo = await decodePhoto(image);
  const found = findSheet(photo);
  if (!found || !found.named) return { status: 'no-sheet' };
  if (found.named.sheetId !== request.sheetId) return { status: 'other-sheet' };
  const page = layOutSheet(request.sheetId, request.slots).find((p) => p.page === found.named!.page);
  if (!page || !found.toPhoto) return { status: 'other-sheet' };
  const words = new Map(request.words.map((w) => [w.id, w]));
  const marks: WordMark[] = [];
  for (const answer of page.answers) {
    const word = words.get(answer.wordId);
    if (!word) continue;
    let check: Check;
    let crop: Cut;
    if (answer.kind === 'line') {
      crop = cutLine(photo, found.toPhoto, answer.boxes[0]!);
      check =
        word.language === 'Tamil'
          ? { verdict: 'unsure', confidence: 0.5, reason: 'no-recogniser', margin: null }
          : await checkLine(models, crop, word.wordString.trim());
    } else {
      const chars = [...word.wordString.replace(/\s+/g, '')];
      const cells = answer.boxes.map((box) => cutCell(photo, found.toPhoto, box));
      check = combine(await checkCells(models, cells, chars));
      const row = answer.boxes.filter((b) => b.y === answer.boxes[0]!.y);
      const last = row.at(-1)!;
      crop = cutBox(photo, found.toPhoto, {
        x: row[0]!.x,
        y: row[0]!.y,
        width: last.x + last.width - row[0]!.x,
        height: last.height,
      });
    }
    marks.push({
      wordId: word.id,
      verdict: check.verdict,
      confidence: check.confidence,
      crop: await cropImage(crop),
      check,
    });
  }
  return { status: 'marked', page: page.page, marks };
}

/** A Chinese word from its cells: correct only when every cell is; wrong when any cell surely is. */
export function combine(checks: Check[]): Check {
  if (checks.length === 0) return { verdict: 'unsure', confidence: 0.5, reason: 'blank', margin: null };
  const doubtful = checks.find((c) => c.reason !== 'margin');
  if (doubtful) return doubtful;
  const worst = checks.reduce((a, b) => ((a.margin ?? 0) <= (b.margin ?? 0) ? a : b));
  if (checks.every((c) => c.verdict === 'correct')) return worst;
  const wrong = checks.find((c) => c.verdict === 'wrong');
  return wrong ?? { ...worst, verdict: 'unsure' };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks photographed sheets in the scan processes, under the scans' admission (plugins/app/ocr.ts). */
    marker: { mark(language: Language, image: Buffer, request: MarkingRequest): Promise<MarkingResult> };
  }
}
