/**
 * Printed and handwritten pages as SVG, 800 × 1131 units (A4): a word list in one of the
 * layouts teachers use, with the school's header, a title, instructions and a footer around
 * it, or a story page for the left half of a booklet spread.
 */
import type { Language } from '@spellwell/shared';
import type { FontKey } from './fonts.js';
import { PHRASES } from './phrases.js';
import { text, width, wrap, type Random } from './svg.js';
import type { Entry } from './words.js';

export const PAGE_W = 800;
export const PAGE_H = 1131;

export type ListStyle =
  'numbered' | 'dash' | 'colon-sentence' | 'pipe' | 'table' | 'copy-blanks' | 'word-bank' | 'inline';

export type Paper = 'white' | 'cream' | 'grey' | 'lined' | 'squared';

export interface PageOptions {
  language: Language;
  entries: Entry[];
  style: ListStyle;
  font: FontKey;
  /** Handwritten: lines jitter and lean, no printed header. */
  hand: boolean;
  paper: Paper;
  ink: string;
  header: boolean;
  footer: boolean;
  columns: 1 | 2;
}

const PAPER: Record<Paper, string> = {
  white: '#fdfdfb',
  cream: '#f7f1e1',
  grey: '#e9e8e3',
  lined: '#fbfbf6',
  squared: '#fcfcfa',
};

function paperLines(paper: Paper, random: Random): string {
  if (paper === 'lined') {
    const out = [`<line x1="70" y1="0" x2="70" y2="${PAGE_H}" stroke="#e58b8b" stroke-width="1.6"/>`];
    for (let y = 120; y < PAGE_H - 30; y += 38) {
      out.push(`<line x1="0" y1="${y}" x2="${PAGE_W}" y2="${y}" stroke="#9cc3e6" stroke-width="1.1"/>`);
    }
    return out.join('');
  }
  if (paper === 'squared') {
    const out: string[] = [];
    const step = random.pick([20, 25]);
    for (let v = step; v < PAGE_H; v += step) {
      out.push(`<line x1="0" y1="${v}" x2="${PAGE_W}" y2="${v}" stroke="#c9dbe8" stroke-width="0.7"/>`);
      if (v < PAGE_W)
        out.push(`<line x1="${v}" y1="0" x2="${v}" y2="${PAGE_H}" stroke="#c9dbe8" stroke-width="0.7"/>`);
    }
    return out.join('');
  }
  return '';
}

/** The words as the lines of the page, in the page's list style. */
function listLines(o: PageOptions, random: Random, maxWidth: number): string[] {
  const p = PHRASES[o.language];
  const zh = o.language === 'Chinese';
  const marker = random.pick(zh ? ['n.', 'n、', '(n)', 'n．'] : ['n.', 'n)', '(n)', 'n.', 'Qn.', '']);
  const num = (i: number) => (marker === '' ? '' : `${marker.replace('n', String(i + 1))} `);
  const dash = random.pick([' — ', ' - ', ' – ', ' — ']);
  switch (o.style) {
    case 'dash':
      return o.entries.map((e, i) => `${num(i)}${e.word}${dash}${e.meaning}`);
    case 'pipe':
      return o.entries.map((e) => `${e.word}  |  ${e.meaning}`);
    case 'colon-sentence':
      return o.entries.map((e, i) => {
        const sentence = random.pick(p.sentences).replace('{w}', e.word);
        return `${num(i)}${e.word}${zh ? '：' : ': '}${sentence}`;
      });
    case 'copy-blanks':
      return o.entries.map(
        (e, i) =>
          `${num(i)}${e.word}   ${'_'.repeat(random.int(10, 14))}   ${'_'.repeat(random.int(10, 14))}`,
      );
    case 'inline': {
      const perLine = zh ? random.int(3, 4) : 3;
      const gap = zh ? '　　' : '      ';
      const lines: string[] = [];
      for (let i = 0; i < o.entries.length; i += perLine) {
        lines.push(
          o.entries
            .slice(i, i + perLine)
            .map((e, k) => `${marker === '' ? '' : num(i + k)}${e.word}`)
            .join(gap),
        );
      }
      return lines.filter((line) => width(line, 20, o.font) < maxWidth * 3);
    }
    default:
      return o.entries.map((e, i) => `${num(i)}${e.word}`);
  }
}

/** A word list page: the SVG body (no <svg> wrapper). */
export function listPage(o: PageOptions, random: Random): string {
  const p = PHRASES[o.language];
  const out: string[] = [
    `<rect width="${PAGE_W}" height="${PAGE_H}" fill="${PAPER[o.paper]}"/>`,
    paperLines(o.paper, random),
  ];
  const left = o.paper === 'lined' ? 88 : random.int(56, 80);
  const right = PAGE_W - random.int(50, 70);
  let y = o.paper === 'lined' ? 108 : random.int(64, 90);
  const headFont = o.font;
  const ink = o.ink;
  if (o.header && !o.hand) {
    out.push(
      text(PAGE_W / 2, y, random.pick(p.schools), {
        font: headFont,
        size: 19,
        fill: '#333',
        anchor: 'middle',
        bold: true,
      }),
    );
    y += 46;
    out.push(
      text(PAGE_W / 2, y, random.pick(p.titles), {
        font: headFont,
        size: 31,
        fill: ink,
        anchor: 'middle',
        bold: true,
      }),
    );
    y += 44;
    const fields = p.fields;
    fields.forEach((f, i) =>
      out.push(
        text(left + (i * (right - left)) / fields.length, y, f, { font: headFont, size: 15, fill: '#333' }),
      ),
    );
    y += 36;
    out.push(text(left, y, random.pick(p.instructions), { font: headFont, size: 16, fill: '#444' }));
    y += 40;
  } else {
    // A handwritten or plain page still has a title most of the time.
    if (random.chance(0.8)) {
      const title = random.pick(p.titles);
      out.push(
        text(o.hand ? left + 10 : PAGE_W / 2, y, title, {
          font: o.font,
          size: o.hand ? 34 : 28,
          fill: ink,
          bold: !o.hand,
          anchor: o.hand ? 'start' : 'middle',
          rotate: o.hand ? random.range(-1.5, 1.5) : 0,
        }),
      );
      y += o.hand ? 76 : 58;
    }
  }
  const footerSpace = o.footer ? 80 : 40;
  const bottom = PAGE_H - footerSpace;

  if (o.style === 'table') {
    out.push(table(o, random, left, right, y, bottom));
  } else if (o.style === 'word-bank') {
    out.push(wordBank(o, random, left, right, y, bottom));
  } else {
    const lines = listLines(o, random, right - left);
    const cols = o.columns;
    const perCol = Math.ceil(lines.length / cols);
    const lined = o.paper === 'lined';
    const step = lined
      ? 38 * Math.max(1, Math.min(2, Math.floor((bottom - y) / (perCol * 38))))
      : Math.min(66, (bottom - y) / perCol);
    const colWidth = (right - left) / cols;
    let size = Math.min(step * (o.hand ? 0.78 : 0.56), o.hand ? 40 : 30);
    const widest = Math.max(...lines.map((l) => width(l, size, o.font)));
    if (widest > colWidth - 10) size *= (colWidth - 10) / widest;
    const startY = lined ? Math.ceil((y + 10 - 120) / 38) * 38 + 120 - 6 : y + step * 0.6;
    lines.forEach((line, i) => {
      const col = Math.floor(i / perCol);
      const row = i % perCol;
      const jitter = o.hand
        ? { x: random.range(-6, 10), y: random.range(-3, 3), r: random.range(-1.6, 1.6) }
        : { x: 0, y: 0, r: 0 };
      out.push(
        text(left + col * colWidth + jitter.x, startY + row * step + jitter.y, line, {
          font: o.font,
          size: size * (o.hand ? random.range(0.94, 1.06) : 1),
          fill: ink,
          rotate: jitter.r,
        }),
      );
    });
  }
  if (o.footer) {
    out.push(
      `<line x1="${left}" y1="${PAGE_H - 62}" x2="${right}" y2="${PAGE_H - 62}" stroke="#999" stroke-width="0.8"/>`,
    );
    out.push(
      text(left, PAGE_H - 38, random.pick(p.footers), {
        font: o.hand ? 'notoSans' : o.font,
        size: 13,
        fill: '#555',
      }),
    );
    out.push(
      text(right, PAGE_H - 38, random.pick(p.footers), {
        font: o.hand ? 'notoSans' : o.font,
        size: 13,
        fill: '#555',
        anchor: 'end',
      }),
    );
  }
  return out.join('\n');
}

function table(
  o: PageOptions,
  random: Random,
  left: number,
  right: number,
  top: number,
  bottom: number,
): string {
  const p = PHRASES[o.language];
  const withNumber = random.chance(0.5);
  const rows = o.entries.length + 1;
  const rowH = Math.min(58, (bottom - top) / rows);
  const size = rowH * 0.48;
  const cols = withNumber
    ? [left, left + 56, left + (right - left) * 0.45, right]
    : [left, left + (right - left) * 0.42, right];
  const line = random.pick(['#333', '#555', '#4a6fa5']);
  const heads = withNumber ? [o.language === 'Chinese' ? '序号' : 'No.', ...p.tableHeads] : [...p.tableHeads];
  const out = [
    `<rect x="${left}" y="${top}" width="${right - left}" height="${rowH}" fill="${random.pick(['#e6e6e6', '#dce8f5', '#f1e6cf'])}"/>`,
  ];
  for (let r = 0; r <= rows; r++)
    out.push(
      `<line x1="${left}" y1="${top + r * rowH}" x2="${right}" y2="${top + r * rowH}" stroke="${line}" stroke-width="1.3"/>`,
    );
  for (const x of cols)
    out.push(
      `<line x1="${x}" y1="${top}" x2="${x}" y2="${top + rows * rowH}" stroke="${line}" stroke-width="1.3"/>`,
    );
  const cell = (c: number, r: number, s: string, bold = false) => {
    const w = cols[c + 1]! - cols[c]! - 16;
    const fit = Math.min(size, (size * w) / Math.max(1, width(s, size, o.font)));
    out.push(
      text(cols[c]! + 8, top + r * rowH + rowH * 0.66, s, { font: o.font, size: fit, fill: o.ink, bold }),
    );
  };
  heads.forEach((h, c) => cell(c, 0, h, true));
  o.entries.forEach((e, i) => {
    const cells = withNumber ? [String(i + 1), e.word, e.meaning] : [e.word, e.meaning];
    cells.forEach((s, c) => cell(c, i + 1, s));
  });
  return out.join('\n');
}

function wordBank(
  o: PageOptions,
  random: Random,
  left: number,
  right: number,
  top: number,
  bottom: number,
): string {
  const p = PHRASES[o.language];
  const zh = o.language === 'Chinese';
  const perRow = zh ? 4 : 3;
  const rows = Math.ceil(o.entries.length / perRow);
  const size = 24;
  const rowH = 44;
  const boxH = rows * rowH + 56;
  const out = [
    `<rect x="${left}" y="${top}" width="${right - left}" height="${boxH}" rx="10" fill="none" stroke="#555" stroke-width="1.6"/>`,
    text(left + 16, top + 32, p.wordBank, { font: o.font, size: 18, fill: '#333', bold: true }),
  ];
  o.entries.forEach((e, i) => {
    const x = left + 24 + (i % perRow) * ((right - left - 48) / perRow);
    out.push(text(x, top + 74 + Math.floor(i / perRow) * rowH, e.word, { font: o.font, size, fill: o.ink }));
  });
  let y = top + boxH + 50;
  const blank = zh ? '（　　　）' : '__________';
  const sentences = random
    .shuffle(o.entries)
    .slice(0, Math.min(o.entries.length, Math.floor((bottom - y) / 48)));
  sentences.forEach((_, i) => {
    const s = random.pick(p.sentences).replace(/“?\{w\}”?/, blank);
    out.push(text(left, y, `${i + 1}. ${s}`, { font: o.font, size: 19, fill: '#222' }));
    y += 48;
  });
  return out.join('\n');
}

/** The left page of a booklet: a story, its title, a page number. */
export function storyPage(language: Language, font: FontKey, paper: Paper, random: Random): string {
  const story = PHRASES[language].story;
  const out = [`<rect width="${PAGE_W}" height="${PAGE_H}" fill="${PAPER[paper]}"/>`];
  let y = 110;
  out.push(text(PAGE_W / 2, y, story[0]!, { font, size: 32, anchor: 'middle', bold: true, fill: '#222' }));
  y += 70;
  const size = random.pick([20, 22]);
  for (const para of story.slice(1)) {
    for (const line of wrap(para, size, font, PAGE_W - 150)) {
      out.push(text(72, y, line, { font, size, fill: '#222' }));
      y += size * 1.75;
    }
    y += size * 0.7;
  }
  out.push(
    `<rect x="150" y="${Math.min(y + 20, 760)}" width="500" height="260" rx="14" fill="${random.pick(['#cfe3c1', '#f3d9b1', '#c9dcef'])}"/>`,
  );
  out.push(
    `<circle cx="${random.int(280, 520)}" cy="${Math.min(y + 130, 870)}" r="60" fill="${random.pick(['#f2b84b', '#e86f5a', '#7fb069'])}"/>`,
  );
  out.push(
    text(PAGE_W / 2, PAGE_H - 40, String(random.int(10, 40)), {
      font,
      size: 16,
      anchor: 'middle',
      fill: '#555',
    }),
  );
  return out.join('\n');
}

export const svgDoc = (inner: string, w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${inner}</svg>`;
