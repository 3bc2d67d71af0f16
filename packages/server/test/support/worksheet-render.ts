import sharp from 'sharp';
import type { Language } from '@spellwell/shared';
import type { WorksheetOptions } from './worksheet-images.js';

/**
 * Draws a worksheet page with the machine's fonts through sharp's Pango text input. Only the
 * generator (`npm run fixtures:worksheets -w @spellwell/server`) calls this: tests read the
 * committed pages, so a machine without Chinese or Tamil fonts still reads real glyphs.
 */
export const FONTS: Record<Language, string> = {
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

/** A white A4-ish page: title, the "Name / Class / Date" line, then the numbered words. */
export async function renderPage(options: WorksheetOptions): Promise<Buffer> {
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
  return sharp(text)
    .extend({ top: 120, bottom: 160, left: 110, right: 110, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9 })
    .toBuffer();
}
