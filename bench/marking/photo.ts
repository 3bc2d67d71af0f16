/**
 * A filled-in child's sheet, photographed: rendered from the shared layout with npm fonts, then
 * "taken" with a phone (scan-photos/camera.ts) at an angle, maybe turned, maybe in shadow.
 */
import { layOutSheet, type AnswerSlot } from '@spellwell/shared';
import { photograph, type Scene, type Shot } from '../scan-photos/camera.js';
import { fontFiles, type FontKey } from '../scan-photos/fonts.js';
import { renderSvg } from '../scan-photos/render.js';
import type { Random } from '../scan-photos/svg.js';
import { filledSheetSvg, PAPER, type Written } from './sheet-svg.js';

/** The page's four corners in the frame: centred with some play, tilted, a little keystoned. */
function corners(random: Random, W: number, H: number, tilt = 10): [number, number][] {
  const aspect = PAPER.height / PAPER.width;
  let ph = H * random.range(0.78, 0.92);
  let pw = ph / aspect;
  if (pw > W * 0.92) {
    pw = W * 0.92;
    ph = pw * aspect;
  }
  const cx = W / 2 + random.range(-0.03, 0.03) * W;
  const cy = H / 2 + random.range(-0.03, 0.03) * H;
  const a = (random.range(-tilt, tilt) * Math.PI) / 180;
  const key = random.range(-0.08, 0.08);
  const base: [number, number][] = [
    [(-pw / 2) * (1 - key), -ph / 2],
    [(pw / 2) * (1 - key), -ph / 2],
    [(pw / 2) * (1 + key), ph / 2],
    [(-pw / 2) * (1 + key), ph / 2],
  ];
  const s = Math.min(1, (0.96 * Math.min(W, H)) / Math.max(pw, ph));
  return base.map(([x, y]) => [
    cx + s * (x * Math.cos(a) - y * Math.sin(a)),
    cy + s * (x * Math.sin(a) + y * Math.cos(a)),
  ]);
}

const CAMERAS = [
  { W: 1512, H: 2016, jpeg: 80 },
  { W: 1200, H: 1600, jpeg: 78 },
  { W: 1836, H: 2448, jpeg: 72 },
];

function shot(random: Random): Shot {
  const cam = random.pick(CAMERAS);
  return {
    width: cam.W,
    height: cam.H,
    scene: random.pick<Scene>(['linen', 'gingham', 'carpet', 'laminate', 'bedsheet', 'granite']),
    corners: corners(random, cam.W, cam.H),
    curl: random.chance(0.15)
      ? { edge: random.pick(['right', 'bottom', 'left'] as const), amount: random.range(0.05, 0.15) }
      : null,
    gutter: 0,
    screen: false,
    light: {
      gain: random.range(0.8, 1.05),
      cast: [1, random.range(0.96, 1), random.range(0.88, 0.98)],
      vignette: random.range(0.05, 0.3),
      gradient: random.range(0, 0.35),
      handShadow: random.chance(0.4),
    },
    glare: 0,
    motion: null,
    blur: random.range(0.4, 1),
    noise: random.range(2, 5),
    jpeg: cam.jpeg,
    rotate: random.pick([0, 0, 0, 90, 180, 270] as const),
  };
}

const prepared = new Map<FontKey, Promise<string[]>>();
let queue: Promise<unknown> = Promise.resolve();

/**
 * A family's TrueType pieces, one family at a time: the WOFF2 decoder reuses its memory, and
 * two families decoded at once (renderSvg asks for its fonts together) wrote broken files.
 */
function prepareFont(font: FontKey): Promise<string[]> {
  let files = prepared.get(font);
  if (!files) {
    files = queue.then(() => fontFiles(font));
    queue = files.catch(() => {});
    prepared.set(font, files);
  }
  return files;
}

/** Page 1 of the sheet, filled in with `answers` in `font`, as a phone's JPEG. */
export async function photographSheet(
  sheetId: string,
  slots: AnswerSlot[],
  title: string,
  answers: Written[],
  font: FontKey,
  random: Random,
  options: { gentle?: boolean } = {},
): Promise<Buffer> {
  await prepareFont('notoSans');
  await prepareFont(font);
  const page = layOutSheet(sheetId, slots)[0]!;
  const svg = filledSheetSvg(page, title, answers, font, random);
  const rendered = await renderSvg(svg, [font, 'notoSans'], PAPER.width * 6);
  const taken = shot(random);
  // A gentle photo (the API and browser tests): straight on, even light, not turned.
  if (options.gentle) {
    Object.assign(taken, {
      curl: null,
      rotate: 0,
      light: { ...taken.light, gradient: 0, handShadow: false },
    });
    taken.corners = corners(random, taken.width, taken.height, 2);
  }
  return photograph(rendered, taken, random);
}
