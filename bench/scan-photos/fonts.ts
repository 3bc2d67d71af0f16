/**
 * Fonts for the second fixture generator, all from npm (@fontsource), so the images come out
 * the same on a machine with no system fonts. @fontsource ships WOFF2 split by Unicode range;
 * resvg reads only TrueType/OpenType, so each piece is decompressed (wawoff2) and every piece
 * of a family is handed to resvg, which picks the piece that has each glyph. resvg-js on Node
 * takes font files, not buffers, so the TrueType pieces are written to a cache folder in tmp.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import wawoff2 from 'wawoff2';

const require = createRequire(import.meta.url);

/** Every typeface the generator draws with: the CSS family name and its @fontsource package. */
export const FONTS = {
  caveat: { family: 'Caveat', pkg: '@fontsource/caveat' },
  patrickHand: { family: 'Patrick Hand', pkg: '@fontsource/patrick-hand' },
  schoolbell: { family: 'Schoolbell', pkg: '@fontsource/schoolbell' },
  indieFlower: { family: 'Indie Flower', pkg: '@fontsource/indie-flower' },
  kalam: { family: 'Kalam', pkg: '@fontsource/kalam' },
  shadowsIntoLight: { family: 'Shadows Into Light', pkg: '@fontsource/shadows-into-light' },
  reenieBeanie: { family: 'Reenie Beanie', pkg: '@fontsource/reenie-beanie' },
  handlee: { family: 'Handlee', pkg: '@fontsource/handlee' },
  comingSoon: { family: 'Coming Soon', pkg: '@fontsource/coming-soon' },
  justAnotherHand: { family: 'Just Another Hand', pkg: '@fontsource/just-another-hand' },
  zcoolKuaiLe: { family: 'ZCOOL KuaiLe', pkg: '@fontsource/zcool-kuaile' },
  zcoolXiaoWei: { family: 'ZCOOL XiaoWei', pkg: '@fontsource/zcool-xiaowei' },
  maShanZheng: { family: 'Ma Shan Zheng', pkg: '@fontsource/ma-shan-zheng' },
  longCang: { family: 'Long Cang', pkg: '@fontsource/long-cang' },
  gochiHand: { family: 'Gochi Hand', pkg: '@fontsource/gochi-hand' },
  zhiMangXing: { family: 'Zhi Mang Xing', pkg: '@fontsource/zhi-mang-xing' },
  liuJianMaoCao: { family: 'Liu Jian Mao Cao', pkg: '@fontsource/liu-jian-mao-cao' },
  notoSansSc: { family: 'Noto Sans SC', pkg: '@fontsource/noto-sans-sc' },
  notoSerifSc: { family: 'Noto Serif SC', pkg: '@fontsource/noto-serif-sc' },
  notoSansTamil: { family: 'Noto Sans Tamil', pkg: '@fontsource/noto-sans-tamil' },
  catamaran: { family: 'Catamaran', pkg: '@fontsource/catamaran' },
  kavivanar: { family: 'Kavivanar', pkg: '@fontsource/kavivanar' },
  notoSans: { family: 'Noto Sans', pkg: '@fontsource/noto-sans' },
  notoSerif: { family: 'Noto Serif', pkg: '@fontsource/noto-serif' },
  roboto: { family: 'Roboto', pkg: '@fontsource/roboto' },
  nanumPenScript: { family: 'Nanum Pen Script', pkg: '@fontsource/nanum-pen-script' },
  architectsDaughter: { family: 'Architects Daughter', pkg: '@fontsource/architects-daughter' },
  coveredByYourGrace: { family: 'Covered By Your Grace', pkg: '@fontsource/covered-by-your-grace' },
  nothingYouCouldDo: { family: 'Nothing You Could Do', pkg: '@fontsource/nothing-you-could-do' },
  homemadeApple: { family: 'Homemade Apple', pkg: '@fontsource/homemade-apple' },
  annieUseYourTelescope: { family: 'Annie Use Your Telescope', pkg: '@fontsource/annie-use-your-telescope' },
  zcoolQingKeHuangYou: { family: 'ZCOOL QingKe HuangYou', pkg: '@fontsource/zcool-qingke-huangyou' },
  // Not a @fontsource package: @fontsource's LXGW WenKai has only its Latin piece.
  lxgwWenKaiLite: {
    family: 'LXGW WenKai Lite',
    pkg: 'lxgw-wenkai-lite-webfont',
    pieces: /^lxgwwenkailite-regular-subset-\d+\.woff2$/,
  },
} as const;
export type FontKey = keyof typeof FONTS;

const CACHE = path.join(os.tmpdir(), 'spellwell-scan-photos-fonts');

/**
 * The TrueType files of one family, regular weight only: resvg took the bold pieces of a
 * family for the same face as the regular ones, so bold is drawn with a stroke instead.
 */
export async function fontFiles(key: FontKey): Promise<string[]> {
  const font: { pkg: string; pieces?: RegExp } = FONTS[key];
  const dir = path.join(path.dirname(require.resolve(`${font.pkg}/package.json`)), 'files');
  const all = readdirSync(dir).filter((f) =>
    font.pieces
      ? font.pieces.test(f)
      : f.endsWith('-400-normal.woff2') && !/cyrillic|greek|vietnamese|devanagari/.test(f),
  );
  // A Tamil family keeps only its Tamil piece: resvg takes the first piece of a family for a
  // run of text and falls back glyph by glyph, which breaks Tamil's vowel signs apart.
  // Digits and punctuation then come from Noto Sans, loaded with every drawing.
  const tamil = all.filter((f) => f.includes('-tamil-400'));
  const names = tamil.length > 0 ? tamil : all;
  const files: string[] = [];
  // One at a time: the decoder hands back a view of its own memory, which the next call reuses.
  for (const name of names) files.push(await trueType(dir, name));
  return files;
}

/** One named piece of a family (`latin`, `tamil`…), regular weight, as a TrueType file. */
export async function fontPiece(key: FontKey, piece: string): Promise<string> {
  const root = path.dirname(require.resolve(`${FONTS[key].pkg}/package.json`));
  return trueType(path.join(root, 'files'), `${path.basename(root)}-${piece}-400-normal.woff2`);
}

async function trueType(dir: string, name: string): Promise<string> {
  mkdirSync(CACHE, { recursive: true });
  const out = path.join(CACHE, name.replace(/\.woff2$/, '.ttf'));
  if (!existsSync(out))
    writeFileSync(out, Buffer.from(await wawoff2.decompress(readFileSync(path.join(dir, name)))));
  return out;
}
