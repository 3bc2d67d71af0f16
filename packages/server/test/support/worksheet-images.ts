import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Language } from '@spellwell/shared';

/**
 * Worksheet images for the tests: a school spelling sheet (title, a "Name / Class / Date" line,
 * then numbered words) and a "phone photo" of it. The pages are drawn once with real fonts by
 * `npm run fixtures:worksheets -w @spellwell/server` and committed under test/fixtures/worksheets,
 * so what a test reads never depends on the fonts of the machine it runs on (a new machine has
 * no Chinese or Tamil fonts). The photo is made from the committed page at test time: it needs
 * no fonts. Imported by the server's OCR tests, browser tests and benchmarks: keep the signature.
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
    'necessary',
    'beautiful',
    'environment',
    'February',
    'neighbour',
    'restaurant',
    'thoroughly',
    'a piece of cake',
    'science experiment',
    'library',
    'government',
    'ice cream',
  ],
  Chinese: [
    '学校',
    '图书馆',
    '我们一起玩',
    '老师',
    '春天来了',
    '公园',
    '快乐',
    '下雨了',
    '做功课',
    '好朋友',
    '小猫',
    '星期天',
  ],
  Malay: [
    'sekolah',
    'bermain bola',
    'perpustakaan',
    'kawan baik',
    'hujan lebat',
    'kereta api',
    'buku cerita',
    'menolong ibu',
    'cantik',
    'guru besar',
    'makan malam',
    'taman permainan',
  ],
  Tamil: [
    'பள்ளி',
    'ஆசிரியர்',
    'தண்ணீர்',
    'புத்தகம்',
    'அம்மா',
    'நண்பன்',
    'மழை',
    'பூனை',
    'வீடு',
    'மரம்',
    'பழம்',
    'விளையாட்டு',
  ],
};

/** A small deterministic generator, so a failing photo can be reproduced exactly. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
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

/** Every worksheet a test or benchmark reads; the generator draws exactly these. */
export const WORKSHEETS: readonly WorksheetOptions[] = [
  ...(Object.keys(SAMPLE_WORD_LISTS) as Language[]).map((language) => ({
    language,
    words: SAMPLE_WORD_LISTS[language],
  })),
  { language: 'English', words: ['apple', 'banana', 'cherry'] },
  { language: 'English', words: ['apple', 'banana'] },
  { language: 'English', words: ['garden', 'window', 'yellow', 'pencil'] },
  { language: 'Malay', words: ['sekolah', 'rumah', 'kawan baik'] },
];

const PAGES_DIR = fileURLToPath(new URL('../fixtures/worksheets/', import.meta.url));

/** Where the committed page for these words lives: named by language and a hash of the content. */
export function pageFile(options: WorksheetOptions): string {
  const content = JSON.stringify([options.title ?? null, ...options.words]);
  const hash = createHash('sha256').update(content).digest('hex').slice(0, 12);
  return `${PAGES_DIR}${options.language.toLowerCase()}-${hash}.png`;
}

async function committedPage(options: WorksheetOptions): Promise<Buffer> {
  try {
    return await readFile(pageFile(options));
  } catch {
    throw new Error(
      `No committed worksheet for ${options.language} ${JSON.stringify(options.words)}: add it to ` +
        'WORKSHEETS in test/support/worksheet-images.ts and run `npm run fixtures:worksheets -w @spellwell/server`.',
    );
  }
}

/** A worksheet listing `words` as a PNG (clean) or a JPEG (photo). */
export async function renderWorksheet(options: WorksheetOptions): Promise<Buffer> {
  const page = await committedPage(options);
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
