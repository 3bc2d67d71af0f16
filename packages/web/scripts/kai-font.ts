/**
 * After `vite build`: slices LXGW WenKai (楷体, `@fontsource/lxgw-wenkai`, SIL OFL 1.1) into
 * small WOFF2 files by unicode-range and writes the stylesheet that declares them (issue 35,
 * docs/decisions/016). The npm package ships each weight as one 7 MB file; sliced, a page
 * fetches only the slices holding its characters. Slices of the common characters (GB 2312
 * level 1) are small, the rare ones larger: a school list is nearly all common characters.
 *
 * Writes `<dist>/fonts/kai.css` (fetched fresh: it names the slices) and
 * `<dist>/assets/kai/<n>-<hash>.woff2` (cached for a year). Written after the build, so the
 * service worker does not precache them all; it keeps the slices a page has used
 * (src/sw/sw.ts). The slices are cached in node_modules/.cache between builds.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { KAI_FAMILY, KAI_STYLESHEET } from '../src/lib/kai-font';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'dist'));
const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@fontsource/lxgw-wenkai';
// Fontsource files LXGW WenKai Regular under 500 (300 is Light, 700 Bold); declared as 400 here.
const fontFile = require.resolve(`${FONT_PACKAGE}/files/lxgw-wenkai-latin-500-normal.woff2`);
const fontVersion = (require(`${FONT_PACKAGE}/package.json`) as { version: string }).version;

/** Characters per slice: small where a list's characters are likely, larger where rare. */
const COMMON_SLICE = 24;
const LEVEL2_SLICE = 120;
const RARE_SLICE = 600;

/** The Han and CJK punctuation blocks; Latin stays in the system font. */
const BLOCKS: [number, number][] = [
  [0x2e80, 0x2fdf], // radicals
  [0x3000, 0x303f], // CJK symbols and punctuation
  [0x3400, 0x4dbf], // extension A
  [0x4e00, 0x9fff], // unified ideographs
  [0xf900, 0xfaff], // compatibility ideographs
  [0xfe30, 0xfe4f], // compatibility forms
  [0xff00, 0xffef], // full-width forms
];

/** GB 2312's two levels: 3,755 common characters, then 3,008 less common ones. */
function gb2312Level(firstRow: number, lastRow: number): number[] {
  const decoder = new TextDecoder('gb2312');
  const out: number[] = [];
  for (let row = firstRow; row <= lastRow; row++) {
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      const char = decoder.decode(new Uint8Array([row, cell]));
      const code = char.codePointAt(0)!;
      if (char.length === 1 && code >= 0x4e00 && code <= 0x9fff) out.push(code);
    }
  }
  return out.sort((a, b) => a - b);
}

/** The code points a TrueType/OpenType font maps (its cmap, format 4 or 12). */
function mappedCodePoints(sfnt: Buffer): Set<number> {
  const tables = sfnt.readUInt16BE(4);
  let cmap = -1;
  for (let i = 0; i < tables; i++) {
    const record = 12 + i * 16;
    if (sfnt.toString('latin1', record, record + 4) === 'cmap') cmap = sfnt.readUInt32BE(record + 8);
  }
  if (cmap < 0) throw new Error('kai-font: the font has no cmap');
  const codes = new Set<number>();
  for (let i = 0; i < sfnt.readUInt16BE(cmap + 2); i++) {
    const at = cmap + sfnt.readUInt32BE(cmap + 4 + i * 8 + 4);
    const format = sfnt.readUInt16BE(at);
    if (format === 12) {
      const groups = sfnt.readUInt32BE(at + 12);
      for (let g = 0; g < groups; g++) {
        const start = sfnt.readUInt32BE(at + 16 + g * 12);
        const end = sfnt.readUInt32BE(at + 20 + g * 12);
        for (let c = start; c <= end; c++) codes.add(c);
      }
    } else if (format === 4) {
      const segments = sfnt.readUInt16BE(at + 6) / 2;
      for (let s = 0; s < segments; s++) {
        const end = sfnt.readUInt16BE(at + 14 + s * 2);
        const start = sfnt.readUInt16BE(at + 16 + segments * 2 + s * 2);
        for (let c = start; c <= end && c !== 0xffff; c++) codes.add(c);
      }
    }
  }
  return codes;
}

/** `U+4E00-4E03,U+4E07`: runs of code points as CSS unicode-range. */
function unicodeRange(codes: number[]): string {
  const parts: string[] = [];
  const hex = (code: number) => code.toString(16).toUpperCase();
  for (let i = 0; i < codes.length;) {
    let j = i;
    while (j + 1 < codes.length && codes[j + 1] === codes[j]! + 1) j++;
    parts.push(i === j ? `U+${hex(codes[i]!)}` : `U+${hex(codes[i]!)}-${hex(codes[j]!)}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The one range from a slice's first code point to its last. */
function span(codes: number[]): string {
  const [first, last] = [codes[0]!.toString(16), codes.at(-1)!.toString(16)].map((h) => h.toUpperCase());
  return first === last ? `U+${first}` : `U+${first}-${last}`;
}

function chunk(codes: number[], size: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < codes.length; i += size) out.push(codes.slice(i, i + size));
  return out;
}

const script = readFileSync(fileURLToPath(import.meta.url));
const cacheKey = createHash('sha256').update(fontVersion).update(script).digest('hex').slice(0, 12);
const cacheDir = path.join(root, 'node_modules', '.cache', 'spellwell-kai', cacheKey);
const cachedCss = path.join(cacheDir, 'kai.css');

if (!existsSync(cachedCss)) {
  const started = Date.now();
  const candidates = BLOCKS.flatMap(([first, last]) =>
    Array.from({ length: last - first + 1 }, (_, i) => first + i),
  );
  // One pass to the blocks we use, decompressed once: every slice is cut from this.
  const base = await subsetFont(readFileSync(fontFile), String.fromCodePoint(...candidates), {
    targetFormat: 'sfnt',
    noLayoutClosure: true,
  });
  const mapped = mappedCodePoints(base);
  const has = (code: number) => mapped.has(code);
  const level1 = gb2312Level(0xb0, 0xd7).filter(has);
  const level2 = gb2312Level(0xd8, 0xf7).filter(has);
  const taken = new Set([...level1, ...level2]);
  const punctuation = candidates.filter((c) => has(c) && c < 0x3400 && !taken.has(c));
  const rest = candidates.filter((c) => has(c) && c >= 0x3400 && !taken.has(c));
  // Declared rare first: where ranges overlap, a browser tries the face declared last first
  // (CSS Fonts 4, "unicode-range"), so a rare slice can name its whole span (a short rule)
  // and a common character still comes from its own small slice.
  const slices = [
    ...chunk(rest, RARE_SLICE).map((codes) => ({ codes, range: span(codes) })),
    ...chunk(level2, LEVEL2_SLICE).map((codes) => ({ codes, range: span(codes) })),
    ...chunk(level1, COMMON_SLICE).map((codes) => ({ codes, range: unicodeRange(codes) })),
    { codes: punctuation, range: unicodeRange(punctuation) },
  ];
  mkdirSync(cacheDir, { recursive: true });
  const faces: string[] = [];
  for (const [n, { codes, range }] of slices.entries()) {
    const woff2 = await subsetFont(base, String.fromCodePoint(...codes), {
      targetFormat: 'woff2',
      noLayoutClosure: true,
    });
    const name = `${n}-${createHash('sha256').update(woff2).digest('hex').slice(0, 8)}.woff2`;
    writeFileSync(path.join(cacheDir, name), woff2);
    faces.push(
      `@font-face{font-family:'${KAI_FAMILY}';font-style:normal;font-weight:400;font-display:swap;` +
        `src:url(/assets/kai/${name}) format('woff2');unicode-range:${range}}`,
    );
  }
  writeFileSync(
    cachedCss,
    `/* LXGW WenKai ${fontVersion} (SIL Open Font License 1.1), in ${slices.length} slices */\n${faces.join('\n')}\n`,
  );
  console.info(`kai-font: ${slices.length} slices cut in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

// Copy the cached slices into the build.
const css = readFileSync(cachedCss, 'utf8');
const files = [...css.matchAll(/\/assets\/kai\/([\w-]+\.woff2)/g)].map((m) => m[1]!);
mkdirSync(path.join(dist, 'assets', 'kai'), { recursive: true });
for (const name of files) copyFileSync(path.join(cacheDir, name), path.join(dist, 'assets', 'kai', name));
mkdirSync(path.dirname(path.join(dist, KAI_STYLESHEET)), { recursive: true });
writeFileSync(path.join(dist, KAI_STYLESHEET), css);
console.info(`kai-font: ${files.length} slices of LXGW WenKai in ${path.join(dist, 'assets', 'kai')}`);
