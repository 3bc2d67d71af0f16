/**
 * Tamil drawn as outlines: resvg's own text layout overlaps Tamil's vowel signs (ொ, ோ, ா after
 * some consonants), so a Tamil line is shaped by HarfBuzz (harfbuzzjs) and each glyph written
 * as an SVG path. Latin letters, digits and punctuation in the same line come from the same
 * family's Latin piece.
 */
import { readFileSync } from 'node:fs';
import * as hb from 'harfbuzzjs';
import { fontFiles, fontPiece, type FontKey } from './fonts.js';

export type TamilFont = 'notoSansTamil' | 'catamaran' | 'kavivanar';
interface Shaper {
  font: hb.Font;
  upem: number;
}
const shapers = new Map<string, Shaper>();

function shaper(file: string): Shaper {
  let s = shapers.get(file);
  if (!s) {
    const face = new hb.Face(new hb.Blob(readFileSync(file)));
    s = { font: new hb.Font(face), upem: face.upem };
    shapers.set(file, s);
  }
  return s;
}

const pieces = new Map<TamilFont, { tamil: string; latin: string }>();

/** Decompresses the Tamil and Latin pieces of the Tamil families once, before drawing. */
export async function prepareTamil(): Promise<void> {
  for (const key of ['notoSansTamil', 'catamaran', 'kavivanar'] as const) {
    const [tamil] = await fontFiles(key);
    // The Latin piece is not among fontFiles' (a Tamil family keeps its Tamil piece only), so
    // it is decompressed here: on a fresh machine it was never in the cache.
    pieces.set(key, { tamil: tamil!, latin: await fontPiece(key, 'latin') });
    await fontFiles('notoSans');
  }
}

const isTamil = (ch: string) => /[\u0b80-\u0bff\u200c\u200d]/.test(ch);

/** Runs of Tamil and of everything else, spaces going with the run before them. */
function runs(content: string): { tamil: boolean; text: string }[] {
  const out: { tamil: boolean; text: string }[] = [];
  for (const ch of content) {
    const tamil = ch === ' ' && out.length > 0 ? out[out.length - 1]!.tamil : isTamil(ch);
    const last = out[out.length - 1];
    if (last && last.tamil === tamil) last.text += ch;
    else out.push({ tamil, text: ch });
  }
  return out;
}

export function tamilText(
  x: number,
  y: number,
  content: string,
  font: FontKey,
  size: number,
  attrs: string,
  anchor: 'start' | 'middle' | 'end',
): string {
  const files = pieces.get((['catamaran', 'kavivanar'].includes(font) ? font : 'notoSansTamil') as TamilFont);
  if (!files) throw new Error('prepareTamil() first');
  const glyphs: string[] = [];
  let pen = 0;
  for (const run of runs(content)) {
    const s = shaper(run.tamil ? files.tamil : files.latin);
    const k = size / s.upem;
    const buffer = new hb.Buffer();
    buffer.addText(run.text);
    buffer.guessSegmentProperties();
    hb.shape(s.font, buffer);
    const positions = buffer.getGlyphPositions();
    for (const [i, info] of buffer.getGlyphInfos().entries()) {
      const p = positions[i]!;
      const d = s.font.glyphToPath(info.codepoint);
      if (d)
        glyphs.push(
          `<path transform="translate(${(pen + p.xOffset * k).toFixed(2)} ${(-p.yOffset * k).toFixed(2)}) scale(${k.toFixed(5)} ${(-k).toFixed(5)})" d="${d}"/>`,
        );
      pen += p.xAdvance * k;
    }
  }
  const start = anchor === 'start' ? x : anchor === 'middle' ? x - pen / 2 : x - pen;
  return `<g ${attrs}><g transform="translate(${start.toFixed(1)} ${y.toFixed(1)})">${glyphs.join('')}</g></g>`;
}
