/**
 * A classroom whiteboard with the week's words in marker, and a phone screenshot of a PDF
 * viewer showing a word list page: two later families of the second fixture set.
 */
import type { Language } from '@spellwell/shared';
import type { FontKey } from './fonts.js';
import { listPage, PAGE_H, PAGE_W, type PageOptions } from './pages.js';
import { PHRASES } from './phrases.js';
import { text, type Random } from './svg.js';
import type { Entry } from './words.js';

const MARKER: Record<Language, FontKey[]> = {
  English: ['kalam', 'patrickHand', 'schoolbell'],
  Malay: ['kalam', 'patrickHand', 'schoolbell'],
  Chinese: ['maShanZheng', 'longCang'],
  Tamil: ['kavivanar'],
};
const OTHER_NOTES: Record<Language, string[]> = {
  English: ['Homework: workbook p. 23', 'Library day: Thursday', 'Bring PE kit'],
  Malay: ['Kerja rumah: buku latihan m/s 12', 'Hari sukan: Sabtu'],
  Chinese: ['作业：练习册第12页', '星期四 图书馆'],
  Tamil: ['வீட்டுப்பாடம்: பக்கம் 12'],
};

export function whiteboard(
  language: Language,
  entries: Entry[],
  random: Random,
): { svg: string; width: number; height: number; font: FontKey } {
  const W = 1600;
  const H = 1000;
  const font = random.pick(MARKER[language]);
  const out = [
    `<rect width="${W}" height="${H}" fill="#aab0b6"/>`,
    `<rect x="26" y="26" width="${W - 52}" height="${H - 70}" fill="#f3f5f4"/>`,
  ];
  // Ghosts of last week's words, wiped but not quite.
  for (let i = 0; i < 14; i++) {
    out.push(
      `<ellipse cx="${random.int(80, W - 80)}" cy="${random.int(80, H - 120)}" rx="${random.int(60, 220)}" ry="${random.int(10, 40)}" fill="#8a9096" opacity="${random.range(0.04, 0.1).toFixed(2)}"/>`,
    );
  }
  out.push(`<rect x="${W * 0.2}" y="${H - 44}" width="${W * 0.6}" height="24" fill="#8d939a"/>`);
  const inks = random.shuffle(['#1b3fa0', '#1d1d1d', '#c62828', '#1b7a3a']);
  const p = PHRASES[language];
  out.push(
    text(W - 70, 90, language === 'Chinese' ? '3月14日 星期五' : 'Fri 14/3', {
      font,
      size: 40,
      fill: inks[1]!,
      anchor: 'end',
    }),
  );
  const title = random.pick(p.titles);
  out.push(text(90, 120, title, { font, size: 64, fill: inks[2]!, rotate: random.range(-1.5, 1.5) }));
  const perCol = Math.ceil(entries.length / 2);
  const step = Math.min(80, 700 / perCol);
  entries.forEach((e, i) => {
    const col = Math.floor(i / perCol);
    const row = i % perCol;
    out.push(
      text(
        110 + col * 640 + random.range(-10, 10),
        230 + row * step + random.range(-4, 4),
        `${i + 1}. ${e.word}`,
        {
          font,
          size: step * 0.62,
          fill: inks[0]!,
          rotate: random.range(-2, 2),
        },
      ),
    );
  });
  out.push(
    text(W - 80, H - 80, random.pick(OTHER_NOTES[language]), {
      font,
      size: 34,
      fill: inks[3]!,
      anchor: 'end',
    }),
  );
  return { svg: out.join('\n'), width: W, height: H, font };
}

/** A PDF viewer on a phone, the page fitted to the width. */
export function docScreenshot(
  o: PageOptions,
  random: Random,
): { svg: string; width: number; height: number } {
  const W = 1080;
  const H = 2340;
  const scale = (W - 40) / PAGE_W;
  const name = random.pick([
    'Spelling_Week7.pdf',
    'Dictation list.pdf',
    'WhatsApp Document.pdf',
    'ejaan.pdf',
  ]);
  const out = [
    `<rect width="${W}" height="${H}" fill="#e8e8e8"/>`,
    `<rect width="${W}" height="250" fill="#ffffff"/>`,
    text(50, 70, `${random.int(7, 22)}:${String(random.int(0, 59)).padStart(2, '0')}`, {
      font: 'notoSans',
      size: 40,
      fill: '#111',
    }),
    text(130, 190, name, { font: 'notoSans', size: 46, fill: '#111' }),
    // The back arrow as a path: the npm Latin fonts have no arrow glyph.
    '<path d="M80 175 H40 M58 155 L38 175 L58 195" stroke="#333" stroke-width="6" fill="none"/>',
    `<g transform="translate(20 290) scale(${scale.toFixed(4)})">${listPage(o, random)}</g>`,
    `<rect x="${W / 2 - 90}" y="${290 + PAGE_H * scale + 60}" width="180" height="70" rx="35" fill="#555" opacity="0.8"/>`,
    text(W / 2, 290 + PAGE_H * scale + 107, '1 / 1', {
      font: 'notoSans',
      size: 36,
      fill: '#fff',
      anchor: 'middle',
    }),
  ];
  return { svg: out.join('\n'), width: W, height: H };
}
