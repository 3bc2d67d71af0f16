/** Small helpers shared by the page and chat drawers: a seeded random source, SVG text, widths. */
import { FONTS, type FontKey } from './fonts.js';
import { tamilText } from './tamil.js';

export interface Random {
  (): number;
  int(min: number, max: number): number;
  range(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  chance(p: number): boolean;
  shuffle<T>(items: readonly T[]): T[];
  gauss(): number;
}

/** mulberry32: tiny, seedable, and the same on every machine. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  const next = (() => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }) as Random;
  next.int = (min, max) => min + Math.floor(next() * (max - min + 1));
  next.range = (min, max) => min + next() * (max - min);
  next.pick = (items) => items[Math.floor(next() * items.length)]!;
  next.chance = (p) => next() < p;
  next.shuffle = (items) => {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  next.gauss = () => Math.sqrt(-2 * Math.log(next() + 1e-12)) * Math.cos(2 * Math.PI * next());
  return next;
}

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export interface TextStyle {
  font: FontKey;
  size: number;
  fill?: string;
  bold?: boolean;
  anchor?: 'start' | 'middle' | 'end';
  rotate?: number;
  opacity?: number;
}

/** One line of text; bold is a stroke in the ink's colour (see fonts.ts). */
export function text(x: number, y: number, content: string, style: TextStyle): string {
  const fill = style.fill ?? '#111';
  const bold = style.bold ? ` stroke="${fill}" stroke-width="${(style.size * 0.035).toFixed(2)}"` : '';
  const rotate = style.rotate ? ` transform="rotate(${style.rotate.toFixed(2)} ${x} ${y})"` : '';
  const anchor = style.anchor && style.anchor !== 'start' ? ` text-anchor="${style.anchor}"` : '';
  const opacity = style.opacity === undefined ? '' : ` opacity="${style.opacity}"`;
  if (/[\u0b80-\u0bff]/.test(content)) {
    return tamilText(
      x,
      y,
      content,
      style.font,
      style.size,
      `fill="${fill}"${bold}${rotate}${opacity}`,
      style.anchor ?? 'start',
    );
  }
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" font-family="${FONTS[style.font].family}" font-size="${style.size.toFixed(1)}" fill="${fill}"${bold}${anchor}${rotate}${opacity} xml:space="preserve">${esc(content)}</text>`;
}

/** Rough advance of a string, enough to size a chat bubble or wrap a paragraph. */
export function width(content: string, size: number, font: FontKey): number {
  const latin: Partial<Record<FontKey, number>> = {
    caveat: 0.42,
    patrickHand: 0.45,
    kalam: 0.5,
    schoolbell: 0.55,
    indieFlower: 0.55,
    roboto: 0.53,
  };
  let em = 0;
  for (const ch of content) {
    if (/[\u3000-\u9fff\uff00-\uffef]/.test(ch)) em += 1;
    else if (/[\u0b80-\u0bff]/.test(ch)) em += /[\u0bbe-\u0bcd\u0bd7]/.test(ch) ? 0.35 : 0.72;
    else if (ch === ' ') em += 0.27;
    else if (/[A-Z]/.test(ch)) em += (latin[font] ?? 0.57) * 1.25;
    else em += latin[font] ?? 0.57;
  }
  return em * size;
}

/** Greedy wrap on spaces (or per character for Chinese). */
export function wrap(content: string, size: number, font: FontKey, maxWidth: number): string[] {
  const cjk = /[\u3000-\u9fff]/.test(content);
  const tokens = cjk ? [...content] : content.split(' ');
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    const next = line === '' ? token : cjk ? line + token : `${line} ${token}`;
    if (line !== '' && width(next, size, font) > maxWidth) {
      lines.push(line);
      line = token;
    } else line = next;
  }
  if (line !== '') lines.push(line);
  return lines;
}
