/**
 * Recall and precision of worksheet scanning on the committed fixture set, per image, through
 * the real OCR service (the same code the route runs). Prints a Markdown table for docs/ocr.md.
 *
 *   npx tsx bench/scan-recall.ts [name-filter[,name-filter…]]
 */
import { createOcrService } from '../packages/server/src/plugins/app/ocr/ocr-service.js';
import { readFixture, SCAN_FIXTURES, score } from '../packages/server/test/support/scan-fixtures.js';

// Several names may be given, comma-separated.
const filters = process.argv[2]?.split(',') ?? [];
const ocr = createOcrService();
const pct = (x: number) => `${Math.round(x * 100)}%`;
console.info('| image | kind | words | recall | precision | seconds | missed | extra lines |');
console.info('| --- | --- | --- | --- | --- | --- | --- | --- |');
try {
  for (const fixture of SCAN_FIXTURES) {
    if (filters.length > 0 && !filters.some((f) => fixture.file.includes(f))) continue;
    const start = performance.now();
    const found = await ocr.scan(fixture.language, readFixture(fixture)).then(
      (result) => (Array.isArray(result) ? result : result.words),
      (err: unknown) => {
        console.error(fixture.file, err);
        return [] as string[];
      },
    );
    const seconds = (performance.now() - start) / 1000;
    const s = score(fixture.words, found);
    console.info(
      `| ${fixture.file} | ${fixture.kind} | ${fixture.words.length} | ${pct(s.recall)} | ${pct(s.precision)} | ${seconds.toFixed(1)} | ${s.missed.join(', ')} | ${s.extra.map((e) => JSON.stringify(e)).join(', ')} |`,
    );
  }
} finally {
  await ocr.close();
}
