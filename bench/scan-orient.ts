/**
 * How often the orientation stage finds the turn that brings a photo upright (issue 33): each
 * photo turned 0, 90, 180 and 270° without EXIF, decoded as a scan decodes it, against
 * the turn it needs (the first fixtures are upright; a tuning photo "turned N° without EXIF"
 * in its manifest needs 360 − N). Never the held-out split: it is for measuring only.
 *
 *   npx tsx bench/scan-orient.ts [old,tuning,tuning-i…] [name-filter[,name-filter…]] [turns, e.g. 0,180]
 */
import sharp from 'sharp';
import { ModelSessions } from '../packages/server/src/modules/ocr/pipeline/onnx-models.js';
import { decodeUpright } from '../packages/server/src/modules/ocr/prepare-image.js';
import { readFixture, SCAN_FIXTURES } from '../packages/server/test/support/scan-fixtures.js';
import { loadPhotoSplit, readPhoto, type PhotoSplit } from '../packages/server/test/support/scan-photos.js';

const sets = (process.argv[2] ?? 'old,tuning').split(',');
const filters = process.argv[3]?.split(',').filter(Boolean) ?? [];
const turns = (process.argv[4] ?? '0,90,180,270').split(',').map(Number);

const items: { name: string; bytes: () => Buffer; needs: number }[] = [];
if (sets.includes('old'))
  for (const f of SCAN_FIXTURES) items.push({ name: f.file, bytes: () => readFixture(f), needs: 0 });
if (sets.includes('held-out')) throw new Error('the held-out split is for measuring only');
for (const split of sets.filter((set): set is PhotoSplit => set !== 'old'))
  for (const f of loadPhotoSplit(split)) {
    const turned = /turned (\d+)° without EXIF/.exec(f.description);
    items.push({
      name: `${split}/${f.file}`,
      bytes: () => readPhoto(split, f),
      needs: turned ? (360 - Number(turned[1])) % 360 : 0,
    });
  }

const models = new ModelSessions(600_000);
let right = 0;
let all = 0;
try {
  for (const item of items.filter((i) => filters.length === 0 || filters.some((f) => i.name.includes(f)))) {
    const upright = await sharp(item.bytes()).rotate().toBuffer();
    for (const turn of turns) {
      // The service's own path: decoded, a screen's moiré removed, then turned upright.
      const turned = await sharp(upright).rotate(turn).jpeg({ quality: 95 }).toBuffer();
      const { rotation } = await decodeUpright(turned, undefined, { models });
      const wanted = (item.needs - turn + 720) % 360;
      all++;
      if (rotation === wanted) right++;
      else console.info(`${item.name} turned ${turn}°: found ${rotation}, needs ${wanted}`);
    }
  }
  console.info(`right: ${right} of ${all}`);
} finally {
  models.close();
}
