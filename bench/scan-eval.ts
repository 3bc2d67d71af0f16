/**
 * Recall and precision of scanning on three sets, reported apart (issue 33): the 68 fixtures
 * of the first generator (packages/server/test/fixtures/scans), and the `tuning` and
 * `held-out` splits of the second (packages/server/test/fixtures/scans-v2). One matching rule
 * for all: a word counts when a returned line equals it after NFC, trimming and lower-casing.
 * Runs the real OCR service, the same code the route runs.
 *
 *   npx tsx bench/scan-eval.ts [old,tuning,tuning-b,tuning-c,tuning-d,tuning-f,tuning-g,tuning-h,tuning-i,tuning-j,tuning-k,tuning-l,tuning-m,tuning-n,tuning-o,held-out] [name-filter[,…]]
 *
 * `tuning-b`, `tuning-c` and `tuning-d` are not committed: make them first with
 * `npx tsx bench/scan-photos/generate.ts tuning-b` (the same images from the same seed).
 *
 * The held-out split is for measuring only: never change the scanner to fix one of its images.
 * The summary gives each set whole, then en/ms/zh and Tamil apart (issue 33's targets are for
 * en/ms/zh), so a check split (tuning-d) can be judged without reading its rows.
 */
import { createOcrService, type Readings } from '../packages/server/src/modules/ocr/ocr-service.js';
import { readFixture, SCAN_FIXTURES } from '../packages/server/test/support/scan-fixtures.js';
import {
  loadPhotoSplit,
  readPhoto,
  scoreWords,
  type PhotoSplit,
} from '../packages/server/test/support/scan-photos.js';
import type { Language } from '@spellwell/shared';

type SetName = 'old' | PhotoSplit;
interface Item {
  file: string;
  language: Language;
  group: string;
  words: string[];
  bytes: () => Buffer;
}

const sets = (process.argv[2] ?? 'old,tuning,held-out').split(',') as SetName[];
const filters = process.argv[3]?.split(',') ?? [];
/** Sets read by their summary only: their rows are not printed, so nobody tunes on them. */
const SUMMARY_ONLY: readonly SetName[] = ['held-out', 'tuning-d', 'tuning-f', 'tuning-h', 'tuning-m'];

function items(set: SetName): Item[] {
  const all: Item[] =
    set === 'old'
      ? SCAN_FIXTURES.map((f) => ({
          file: f.file,
          language: f.language,
          group: f.kind,
          words: f.words,
          bytes: () => readFixture(f),
        }))
      : loadPhotoSplit(set).map((f) => ({
          file: f.file,
          language: f.language,
          group: f.family,
          words: f.words,
          bytes: () => readPhoto(set, f),
        }));
  if (all.length === 0)
    throw new Error(`${set}: no images; make them with bench/scan-photos/generate.ts ${set}`);
  return all.filter((i) => filters.length === 0 || filters.some((f) => i.file.includes(f)));
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** One decimal: the rounds move the en/ms/zh mean by tenths of a point. */
const pct1 = (x: number) => `${(x * 100).toFixed(1)}%`;
const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

interface Row {
  recall: number;
  precision: number;
  seconds: number;
  cpu: number;
  group: string;
  language: Language;
}
const LANGUAGE_GROUPS: [string, (l: Language) => boolean][] = [
  ['en/ms/zh', (l) => l !== 'Tamil'],
  ['Tamil', (l) => l === 'Tamil'],
];

const summaryLine = (label: string, rows: Row[]) =>
  `| ${label} | ${rows.length} | ${pct1(mean(rows.map((r) => r.recall)))} | ${pct1(mean(rows.map((r) => r.precision)))} | ${rows.filter((r) => r.recall < 0.6).length} | ${rows.filter((r) => r.recall === 0).length} | ${mean(rows.map((r) => r.seconds)).toFixed(1)} | ${mean(rows.map((r) => r.cpu)).toFixed(1)} | ${Math.max(...rows.map((r) => r.cpu)).toFixed(1)} |`;

/**
 * Which reading answered: the detector's lines (alone when the page reader was skipped,
 * confirmed by Tesseract's second opinion, or after the page reader's budget ran out), the
 * page reader, or a grid sheet's cells (no readings are observed there).
 */
function readBy(readings: Readings | undefined): string {
  if (!readings) return 'cells';
  if (readings.confirmed) return 'lines, confirmed';
  if (readings.budgetSpent) return 'lines, budget spent';
  if (readings.skipped) return 'lines alone';
  return readings.chosen;
}

// No scan timeout: on a shared machine a scan may wait long for a core; recall is what is measured.
const ocr = createOcrService({ timeoutMs: 3_600_000 });
const summary: string[] = [];
try {
  for (const set of sets) {
    const list = items(set);
    const showRows = !SUMMARY_ONLY.includes(set);
    const log = (line: string) => {
      if (showRows) console.info(line);
    };
    console.info(`\n### ${set} (${list.length} images${showRows ? '' : ', summary only'})\n`);
    log('| image | family | words | recall | precision | seconds | CPU seconds | read by | missed | extra |');
    log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    const rows: Row[] = [];
    for (const item of list) {
      const start = performance.now();
      const cpuBefore = process.cpuUsage();
      let readings: Readings | undefined;
      const found = await ocr
        .scan(item.language, item.bytes(), undefined, (r) => (readings = r))
        .then(
          (result) => (Array.isArray(result) ? result : result.words),
          (err: unknown) => {
            console.error(item.file, err);
            return [] as string[];
          },
        );
      const seconds = (performance.now() - start) / 1000;
      const used = process.cpuUsage(cpuBefore);
      // This process's CPU, Tesseract's and ONNX's threads included: what a quiet machine takes.
      const cpu = (used.user + used.system) / 1e6;
      const s = scoreWords(item.words, found);
      rows.push({
        recall: s.recall,
        precision: s.precision,
        seconds,
        cpu,
        group: item.group,
        language: item.language,
      });
      log(
        `| ${item.file} | ${item.group} | ${item.words.length} | ${pct(s.recall)} | ${pct(s.precision)} | ${seconds.toFixed(1)} | ${cpu.toFixed(1)} | ${readBy(readings)} | ${s.missed.join(', ')} | ${s.extra.map((e) => JSON.stringify(e)).join(', ')} |`,
      );
    }
    const groups = [...new Set(rows.map((r) => r.group))];
    log(`\n| ${set}: family | images | mean recall | mean precision |\n| --- | --- | --- | --- |`);
    for (const g of groups) {
      const rs = rows.filter((r) => r.group === g);
      log(
        `| ${g} | ${rs.length} | ${pct(mean(rs.map((r) => r.recall)))} | ${pct(mean(rs.map((r) => r.precision)))} |`,
      );
    }
    summary.push(summaryLine(set, rows));
    for (const [label, keep] of LANGUAGE_GROUPS) {
      const part = rows.filter((r) => keep(r.language));
      if (part.length > 0 && part.length < rows.length) summary.push(summaryLine(`${set} ${label}`, part));
    }
  }
  console.info(
    '\n| set | images | mean recall | mean precision | under 60% recall | at 0% | mean seconds | mean CPU seconds | most CPU seconds |',
  );
  console.info('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const line of summary) console.info(line);
} finally {
  await ocr.close();
}
