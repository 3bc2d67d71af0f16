import sharp from 'sharp';
import type { Language } from '@spellwell/shared';

/**
 * Worksheet images made by the tests themselves: a school spelling sheet (title, a
 * "Name / Class / Date" line, then numbered words) drawn with real system fonts through
 * sharp's Pango text input, and a "phone photo" of it. Imported by the server's OCR tests
 * and by browser tests, so keep the signature stable.
 */
export interface WorksheetOptions {
  words: readonly string[];
  language: Language;
  /** The heading printed above the list; a typical one for the language if left out. */
  title?: string;
  /** Rotated, noisy, blurred, grey and JPEG-compressed like a photo taken with a phone. */
  photo?: boolean;
}

/** Realistic primary-school spelling lists: single words and the phrases dictations use. */
export const SAMPLE_WORD_LISTS: Record<Language, readonly string[]> = {
  English: [
    'necessary', 'beautiful', 'environment', 'February', 'neighbour', 'restaurant',
    'thoroughly', 'a piece of cake', 'science experiment', 'library', 'government', 'ice cream',
  ],
  Chinese: ['学校', '图书馆', '我们一起玩', '老师', '春天来了', '公园', '快乐', '下雨了', '做功课', '好朋友', '小猫', '星期天'],
  Malay: [
    'sekolah', 'bermain bola', 'perpustakaan', 'kawan baik', 'hujan lebat', 'kereta api',
    'buku cerita', 'menolong ibu', 'cantik', 'guru besar', 'makan malam', 'taman permainan',
  ],
  Tamil: ['பள்ளி', 'ஆசிரியர்', 'தண்ணீர்', 'புத்தகம்', 'அம்மா', 'நண்பன்', 'மழை', 'பூனை', 'வீடு', 'மரம்', 'பழம்', 'விளையாட்டு'],
};

const FONTS: Record<Language, string> = {
  English: 'Noto Sans',
  Malay: 'Noto Sans',
  Chinese: 'Noto Sans CJK SC',
  Tamil: 'Noto Sans Tamil',
};

const TITLES: Record<Language, string> = {
  English: 'Spelling List (Week 5)',
  Malay: 'Ejaan Minggu 5',
  Chinese: '第五课 听写',
  Tamil: 'சொல்வதெழுதுதல் 5',
};

const FORM_LINES: Record<Language, string> = {
  English: 'Name: ____________  Class: ______  Date: ________',
  Malay: 'Nama: ____________  Kelas: ______  Tarikh: ________',
  Chinese: '姓名：____________  班级：______  日期：________',
  Tamil: 'பெயர்: ____________  வகுப்பு: ______  தேதி: ________',
};

const escapeMarkup = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** A small deterministic generator, so a failing photo can be reproduced exactly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

async function renderPage(options: WorksheetOptions): Promise<Buffer> {
  const title = options.title ?? TITLES[options.language];
  const lines = options.words.map((word, i) => `${i + 1}.  ${escapeMarkup(word)}`);
  const markup =
    `<span foreground="black"><span size="x-large"><b>${escapeMarkup(title)}</b></span>\n` +
    `${escapeMarkup(FORM_LINES[options.language])}\n\n${lines.join('\n')}</span>`;
  const text = await sharp({
    text: { text: markup, font: `${FONTS[options.language]} 15`, dpi: 150, rgba: true, spacing: 14 },
  })
    .png()
    .toBuffer();
  // A white A4-ish page with margins around the printed text.
  return sharp(text)
    .extend({ top: 120, bottom: 160, left: 110, right: 110, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png()
    .toBuffer();
}

/** What a phone makes of the page: off-white paper, tilted on a grey desk, a bit soft and noisy. */
async function photograph(page: Buffer, seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const angle = 2 + random() * 2;
  const tilted = await sharp(page)
    .linear(0.82, 28) // grey paper, weaker ink contrast
    .rotate(random() < 0.5 ? angle : -angle, { background: '#8a8a8a' })
    .blur(0.8)
    .toBuffer({ resolveWithObject: true });
  const { width, height } = tilted.info;
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i++) noise[i] = 128 + Math.round((random() - 0.5) * 70);
  return sharp(tilted.data)
    .composite([{ input: noise, raw: { width, height, channels: 1 }, blend: 'soft-light' }])
    .jpeg({ quality: 60 })
    .toBuffer();
}

/** A worksheet listing `words` as a PNG (clean) or a JPEG (photo). */
export async function renderWorksheet(options: WorksheetOptions): Promise<Buffer> {
  const page = await renderPage(options);
  if (!options.photo) return page;
  const seed = [...options.words.join('|')].reduce((sum, ch) => (sum * 31 + ch.codePointAt(0)!) >>> 0, 7);
  return photograph(page, seed);
}

export interface UploadFile {
  bytes: Buffer;
  name: string;
  type: string;
}

/**
 * A multipart body for `POST /api/official-wordset/ocr` as a browser's FormData makes it
 * (file first), as bytes and the matching content-type, for `app.inject`.
 */
export async function multipartBody(
  fields: Record<string, string>,
  file?: UploadFile,
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type')! },
  };
}
