import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { CDPSession, Page } from '@playwright/test';

/** Writing hanzi with a finger in the Strokes panel's box, from hanzi-writer-data's medians. */
export interface Median {
  medians: [number, number][][];
}
const require = createRequire(import.meta.url);
export const medians = (char: string) =>
  (JSON.parse(readFileSync(require.resolve(`hanzi-writer-data/${char}.json`), 'utf8')) as Median).medians;

export interface Box {
  left: number;
  top: number;
  size: number;
  padding: number;
}

export async function strokeBox(page: Page): Promise<Box> {
  const target = page.getByTestId('stroke-box');
  // hanzi-writer's own <svg> is its coordinate space (it reads the svg's client rect).
  const rect = (await target.locator('svg').boundingBox())!;
  const padding = Number(await target.getAttribute('data-padding'));
  return { left: rect.x, top: rect.y, size: rect.width, padding };
}

/**
 * hanzi-writer-data's coordinates are 1024 units wide with the origin bottom-left and y up to
 * 900 (the em box runs from y = -124 to 900); the screen's y grows downwards. hanzi-writer fits
 * that square inside the box less its padding.
 */
export function toScreen(box: Box, [x, y]: [number, number]) {
  const scale = (box.size - 2 * box.padding) / 1024;
  return { x: box.left + box.padding + x * scale, y: box.top + box.padding + (900 - y) * scale };
}

/** A finger drawing through the points: touchStart, touchMoves every few pixels, touchEnd. */
export async function drawWithFinger(cdp: CDPSession, points: { x: number; y: number }[]) {
  const [first, ...rest] = points;
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [first!] });
  let from = first!;
  for (const to of rest) {
    const steps = Math.max(1, Math.ceil(Math.hypot(to.x - from.x, to.y - from.y) / 6));
    for (let i = 1; i <= steps; i++) {
      const point = { x: from.x + ((to.x - from.x) * i) / steps, y: from.y + ((to.y - from.y) * i) / steps };
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    }
    from = to;
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

export async function writeCharacter(page: Page, cdp: CDPSession, char: string) {
  const box = await strokeBox(page);
  for (const median of medians(char)) {
    await drawWithFinger(
      cdp,
      median.map((point) => toScreen(box, point)),
    );
  }
}
