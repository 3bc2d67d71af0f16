/**
 * Recall and precision of worksheet scanning on the committed fixture set, per image, through
 * the real OCR service (the same code the route runs). Prints a Markdown table for docs/ocr.md.
 *
 *   npx tsx bench/scan-recall.ts [name-filter[,name-filter…]] [--turn=90|180|270]
 *
 * `--turn` turns each photo that many degrees clockwise first, without EXIF (as a phone held
 * sideways with its orientation tag lost): the scan must find which way is up by itself.
 */
import sharp from 'sharp';
import { createOcrService } from '../packages/server/src/modules/ocr/ocr-service.js';
import { readFixture, SCAN_FIXTURES, score } from '../packages/server/test/support/scan-fixtures.js';

const args = process.argv.slice(2);
const turn = Number(args.find((a) => a.startsWith('--turn='))?.slice('--turn='.length) ?? 0);
// Several names may be given, comma-separated.
const filters = args.find((a) => !a.startsWith('--'))?.split(',') ?? [];

/** The photo upright as the parent saw it (EXIF applied), then turned, with no EXIF left. */
async function turned(image: Buffer, file: string): Promise<Buffer> {
  if (!turn) return image;
  const upright = await sharp(image).rotate().toBuffer();
  const out = sharp(upright).rotate(turn);
  return file.endsWith('.jpg') ? out.jpeg({ quality: 92 }).toBuffer() : out.png().toBuffer();
}
// No scan timeout: on a shared machine a scan may wait long for a core; recall is what is measured.
const ocr = createOcrService({ timeoutMs: 3_600_000 });
const pct = (x: number) => `${Math.round(x * 100)}%`;
console.info('| image | kind | words | recall | precision | seconds | missed | extra lines |');
console.info('| --- | --- | --- | --- | --- | --- | --- | --- |');
try {
  for (const fixture of SCAN_FIXTURES) {
    if (filters.length > 0 && !filters.some((f) => fixture.file.includes(f))) continue;
    const image = await turned(readFixture(fixture), fixture.file);
    const start = performance.now();
    const found = await ocr.scan(fixture.language, image).then(
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
