/**
 * A child's sheet as the app prints it (the shared layout, the same corner marks, QR code and
 * boxes), filled in by "hand": handwriting fonts with jitter, pencil grey and pressure.
 */
import QRCode from 'qrcode';
import {
  CORNER_MARK_MM,
  SHEET_HEIGHT_MM,
  SHEET_QR,
  SHEET_WIDTH_MM,
  cornerMarkCentres,
  type SheetPage,
} from '@spellwell/shared';
import { FONTS, type FontKey } from '../scan-photos/fonts.js';
import { esc, type Random } from '../scan-photos/svg.js';

/** A4, the block at the print page's 14 mm margins. */
export const PAPER = { width: 210, height: 297, margin: 14 } as const;

export type Written = { kind: 'text'; text: string; crossed: 'line' | 'scribble' | null } | { kind: 'blank' };

function qrRects(text: string): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const module = SHEET_QR.size / (n + 4);
  let out = '';
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++)
      if (qr.modules.get(y, x))
        out += `<rect x="${(SHEET_QR.x + (x + 2) * module).toFixed(3)}" y="${(SHEET_QR.y + (y + 2) * module).toFixed(3)}" width="${(module + 0.02).toFixed(3)}" height="${(module + 0.02).toFixed(3)}"/>`;
  return `<g fill="#000">${out}</g>`;
}

/** The printed sheet alone (what the print page draws), in millimetres of the block. */
function printed(page: SheetPage, title: string): string {
  const h = CORNER_MARK_MM / 2;
  const marks = cornerMarkCentres()
    .map(
      (c) =>
        `<rect x="${c.x - h}" y="${c.y - h}" width="${CORNER_MARK_MM}" height="${CORNER_MARK_MM}" fill="#000"/>`,
    )
    .join('');
  const sans = FONTS.notoSans.family;
  let body = `<text x="16" y="15" font-family="${sans}" font-size="5.6" font-weight="bold">${esc(title)} · Spelling</text>`;
  body += `<text x="16" y="24" font-family="${sans}" font-size="3.9">Name: ________________</text>`;
  for (const a of page.answers) {
    body += `<text x="${a.numberAt.x}" y="${a.numberAt.y - 1.5}" font-family="${sans}" font-size="4.6">${a.number}.</text>`;
    for (const b of a.boxes)
      if (a.kind === 'line')
        body += `<line x1="${b.x}" x2="${b.x + b.width}" y1="${b.y + b.height + 0.2}" y2="${b.y + b.height + 0.2}" stroke="#000" stroke-width="0.4"/>`;
      else
        body +=
          `<rect x="${b.x + 0.2}" y="${b.y + 0.2}" width="${b.width - 0.4}" height="${b.height - 0.4}" fill="none" stroke="#000" stroke-width="0.4"/>` +
          `<line x1="${b.x}" x2="${b.x + b.width}" y1="${b.y + b.height / 2}" y2="${b.y + b.height / 2}" stroke="#bbb" stroke-width="0.2"/>` +
          `<line x1="${b.x + b.width / 2}" x2="${b.x + b.width / 2}" y1="${b.y}" y2="${b.y + b.height}" stroke="#bbb" stroke-width="0.2"/>`;
  }
  return marks + qrRects(page.qrText) + body;
}

/** Pencil: a grey between HB and 2B, pressed harder or softer per child. */
const pencil = (random: Random) => {
  const v = Math.round(random.range(40, 110));
  return `rgb(${v},${v},${v + 4})`;
};

function crossing(
  x0: number,
  x1: number,
  yMid: number,
  kind: 'line' | 'scribble',
  colour: string,
  random: Random,
) {
  if (kind === 'line')
    return `<line x1="${x0 - 1}" y1="${yMid + random.range(-0.8, 0.8)}" x2="${x1 + 1}" y2="${yMid + random.range(-0.8, 0.8)}" stroke="${colour}" stroke-width="${random.range(0.45, 0.7)}" stroke-linecap="round"/>`;
  let d = `M${x0} ${yMid}`;
  for (let x = x0; x < x1; x += random.range(1.2, 2)) d += ` L${x} ${yMid + random.range(-3.5, 3.5)}`;
  return `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${random.range(0.45, 0.7)}" stroke-linejoin="round"/>`;
}

/** What the child wrote in each answer, drawn over the page. */
function handwriting(page: SheetPage, answers: Written[], font: FontKey, random: Random): string {
  const family = FONTS[font].family;
  const colour = pencil(random);
  const weight = random.range(0.05, 0.22);
  let out = '';
  page.answers.forEach((a, i) => {
    const w = answers[i]!;
    if (w.kind === 'blank') return;
    if (a.kind === 'line') {
      const b = a.boxes[0]!;
      const size = random.range(7.5, 9.5);
      const x = b.x + random.range(2, 12);
      const y = b.y + b.height - random.range(1, 2.2);
      const chars = [...w.text];
      const dy = chars.map(() => random.range(-0.35, 0.35).toFixed(2)).join(' ');
      const rot = chars.map(() => random.range(-5, 5).toFixed(1)).join(' ');
      const slant = random.range(-4, 4);
      out += `<text x="${x}" y="${y}" dy="${dy}" rotate="${rot}" font-family="${family}" font-size="${size}" fill="${colour}" stroke="${colour}" stroke-width="${weight}" transform="rotate(${slant.toFixed(1)} ${x} ${y})">${esc(w.text)}</text>`;
      if (w.crossed) {
        const width = size * 0.48 * chars.length;
        out += crossing(x, x + width, y - size * 0.3, w.crossed, colour, random);
      }
    } else {
      [...w.text].forEach((ch, j) => {
        const b = a.boxes[j];
        if (!b) return;
        const size = random.range(10, 12.5);
        const cx = b.x + b.width / 2 + random.range(-0.8, 0.8);
        const cy = b.y + b.height / 2 + size * 0.36 + random.range(-0.8, 0.8);
        out += `<text x="${cx}" y="${cy}" text-anchor="middle" font-family="${family}" font-size="${size}" fill="${colour}" stroke="${colour}" stroke-width="${weight}" transform="rotate(${random.range(-6, 6).toFixed(1)} ${cx} ${cy - size * 0.36})">${esc(ch)}</text>`;
        if (w.crossed)
          out += crossing(b.x + 1.5, b.x + b.width - 1.5, b.y + b.height / 2, w.crossed, colour, random);
      });
    }
  });
  return out;
}

/** The whole A4 page: paper, the printed block at its margins, and the child's answers. */
export function filledSheetSvg(
  page: SheetPage,
  title: string,
  answers: Written[],
  font: FontKey,
  random: Random,
): string {
  const m = PAPER.margin;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${PAPER.width}mm" height="${PAPER.height}mm" viewBox="0 0 ${PAPER.width} ${PAPER.height}">
<rect width="${PAPER.width}" height="${PAPER.height}" fill="#fff"/>
<g transform="translate(${m} ${m})">${printed(page, title)}${handwriting(page, answers, font, random)}</g>
</svg>`;
}

export const BLOCK = { width: SHEET_WIDTH_MM, height: SHEET_HEIGHT_MM } as const;
