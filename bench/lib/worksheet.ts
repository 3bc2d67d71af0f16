import sharp from 'sharp';

/** A spelling worksheet as a phone photo would give it: a PNG of printed words, made here. */
export async function worksheetPng(words: string[]): Promise<Buffer> {
  const lines = words
    .map(
      (w, i) =>
        `<text x="80" y="${180 + i * 56}" font-family="DejaVu Sans, sans-serif" font-size="40">${i + 1}. ${w}</text>`,
    )
    .join('');
  const height = 240 + words.length * 56;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="${height}">
    <rect width="100%" height="100%" fill="white"/>
    <text x="80" y="100" font-family="DejaVu Sans, sans-serif" font-size="48" font-weight="bold">Spelling List 3</text>
    ${lines}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
