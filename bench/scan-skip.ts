/**
 * When can the page reader (Tesseract on the flattened page) be skipped? For each English,
 * Malay and Chinese photo of the first fixtures and the `tuning` split (never the held-out
 * split), both readings of the real OCR service are taken (the `observe` hook) and, per
 * reading, its entries, the entries the list stage did not doubt and read sure, the least sure
 * character, and the recall and precision of each reading, one JSON line per photo. Choosing
 * the rule (`SKIP` in pipeline/thresholds.ts) is done on these lines.
 * Generated tuning splits (tuning-b, tuning-c, tuning-e) may be named too; a check split's
 * lines are for its summary only.
 *
 *   npx tsx bench/scan-skip.ts [old,tuning] [name-filter] > skip.jsonl
 */
import type { Language } from '@spellwell/shared';
import {
  createOcrService,
  sureEntries,
  type Readings,
} from '../packages/server/src/modules/ocr/ocr-service.js';
import { CHOOSE } from '../packages/server/src/modules/ocr/pipeline/thresholds.js';
import { readFixture, SCAN_FIXTURES } from '../packages/server/test/support/scan-fixtures.js';
import {
  loadPhotoSplit,
  readPhoto,
  scoreWords,
  type PhotoSplit,
} from '../packages/server/test/support/scan-photos.js';

const sets = (process.argv[2] ?? 'old,tuning').split(',');
if (sets.includes('held-out')) throw new Error('The held-out split is never tuned on.');
const filter = process.argv[3] ?? '';
const photos: { set: string; file: string; language: Language; words: string[]; bytes: () => Buffer }[] = [
  ...(sets.includes('old')
    ? SCAN_FIXTURES.map((f) => ({
        set: 'old',
        file: f.file,
        language: f.language,
        words: f.words,
        bytes: () => readFixture(f),
      }))
    : []),
  ...sets
    .filter((set): set is PhotoSplit => set !== 'old')
    .flatMap((split) =>
      loadPhotoSplit(split).map((f) => ({
        set: split,
        file: f.file,
        language: f.language,
        words: f.words,
        bytes: () => readPhoto(split, f),
      })),
    ),
].filter((p) => p.language !== 'Tamil' && p.file.includes(filter));

const ocr = createOcrService({ timeoutMs: 3_600_000, skipPageReader: false });
try {
  for (const photo of photos) {
    let readings: Readings | undefined;
    const cpu = process.cpuUsage();
    const result = await ocr.scan(photo.language, photo.bytes(), undefined, (r) => {
      readings = r;
    });
    const used = process.cpuUsage(cpu);
    const row: Record<string, unknown> = {
      set: photo.set,
      file: photo.file,
      language: photo.language,
      cpu: (used.user + used.system) / 1e6,
      recall: scoreWords(photo.words, result.words).recall,
      precision: scoreWords(photo.words, result.words).precision,
    };
    if (readings) {
      const { byPage, byLines, chosen } = readings;
      const pageSure = photo.language === 'Chinese' ? CHOOSE.pageSureChinese : CHOOSE.pageSure;
      Object.assign(row, {
        chosen,
        page: {
          entries: byPage.lines.length,
          sure: sureEntries(byPage, pageSure),
          confidence: byPage.lines.map((l) => l.confidence),
          ...scoreWords(photo.words, byPage.words),
        },
        lines: {
          entries: byLines.lines.length,
          sure: sureEntries(byLines, CHOOSE.linesSure),
          doubtful: byLines.lines.filter((l) => l.doubtful).length,
          least: byLines.least.map(Math.round),
          confidence: byLines.lines.map((l) => l.confidence),
          texts: byLines.lines.map((l) => (l.doubtful ? '?' : '') + l.text),
          ...scoreWords(photo.words, byLines.words),
        },
      });
    } else row.chosen = 'cells';
    console.info(JSON.stringify(row));
  }
} finally {
  await ocr.close();
}
