/**
 * How sure the review step says the scanner is of entries it reads right and of those it
 * reads wrong, on the `tuning` split only (issue 33: doubtful lines are marked "Check" for the
 * review). Each English, Malay and Chinese tuning photo is scanned by the real OCR service;
 * each entry of the detector's reading (pipeline/read-lines.ts) is right when it is one of the
 * photo's words. Prints, for cuts on the least sure character's probability, the wrong and the
 * right entries under it (the cut is `REVIEW.leastSure`, pipeline/thresholds.ts), and what the
 * review shows on the answers: entries under 75 ("Check"), right and wrong.
 *
 *   npx tsx bench/scan-confidence.ts [name-filter]
 *
 * The held-out split is never read here.
 */
import { OCR_LOW_CONFIDENCE } from '@spellwell/shared';
import {
  createOcrService,
  forReview,
  type Readings,
} from '../packages/server/src/modules/ocr/ocr-service.js';
import { loadPhotoSplit, matchKey, readPhoto } from '../packages/server/test/support/scan-photos.js';

const filter = process.argv[2] ?? '';
interface Entry {
  right: boolean;
  least: number;
  shown: number;
  chosen: boolean;
}
const entries: Entry[] = [];
const answers: { right: boolean; shown: number; reader: string }[] = [];
const ocr = createOcrService({ timeoutMs: 3_600_000 });
try {
  for (const photo of loadPhotoSplit('tuning')) {
    if (photo.language === 'Tamil' || !photo.file.includes(filter)) continue;
    const want = new Set(photo.words.map(matchKey));
    let readings: Readings | undefined;
    const result = await ocr.scan(photo.language, readPhoto('tuning', photo), undefined, (r) => {
      readings = r;
    });
    for (const line of result.lines)
      answers.push({
        right: want.has(matchKey(line.text)),
        shown: line.doubtful ? 0 : line.confidence,
        reader: readings?.chosen ?? 'page',
      });
    if (!readings) continue;
    const shown = forReview(readings.byLines, readings.byPage).lines;
    readings.byLines.lines.forEach((line, i) => {
      const right = want.has(matchKey(line.text));
      const least = readings!.byLines.least[i]!;
      entries.push({ right, least, shown: shown[i]!.confidence, chosen: readings!.chosen === 'lines' });
      console.info(
        `${photo.file}\t${readings!.chosen}\t${right ? 'right' : 'WRONG'}\t${line.confidence}\t${least.toFixed(1)}\t${shown[i]!.confidence}\t${line.text}`,
      );
    });
  }
} finally {
  await ocr.close();
}

const count = <T>(xs: T[], test: (x: T) => boolean) => `${xs.filter(test).length}/${xs.length}`;
const right = entries.filter((e) => e.right);
const wrong = entries.filter((e) => !e.right);
console.info(
  `\nDetector's reading: ${entries.length} entries, ${right.length} right, ${wrong.length} wrong\n`,
);
console.info('| least character under | wrong under | right under |');
console.info('| --- | --- | --- |');
for (const cut of [30, 40, 50, 60, 70, 80, 90])
  console.info(`| ${cut} | ${count(wrong, (e) => e.least < cut)} | ${count(right, (e) => e.least < cut)} |`);
const low = (e: { shown: number }) => e.shown < OCR_LOW_CONFIDENCE;
console.info(
  `\nShown under ${OCR_LOW_CONFIDENCE} (with the page reader's confidence where it read the same entry): wrong ${count(wrong, low)}, right ${count(right, low)}`,
);
for (const reader of ['page', 'lines']) {
  const own = answers.filter((a) => a.reader === reader);
  console.info(
    `Answers read by the ${reader} reader, marked "Check" (under ${OCR_LOW_CONFIDENCE} or doubtful): wrong ${count(
      own.filter((a) => !a.right),
      low,
    )}, right ${count(
      own.filter((a) => a.right),
      low,
    )}`,
  );
}
