import type HanziWriter from 'hanzi-writer';
import type { CharacterJson, HanziWriterOptions } from 'hanzi-writer';

/** Space between the box's edge and the character, in CSS pixels (the tests map strokes with it). */
export const BOX_PADDING = 12;
/** The box never grows past this, and shrinks to fit a narrow phone. */
export const BOX_MAX_SIZE = 280;
/** hanzi-writer highlights the expected stroke after this many misses on it: that is a hint. */
export const HINT_AFTER_MISSES = 3;

/** hanzi-writer (about 30 KB) loads only when a Chinese word is on the card. */
export const loadHanziWriter = () => import('hanzi-writer').then((m) => m.default);

/**
 * A writer drawing `char` into `target` (emptied first) from data already fetched from our
 * server, so a failed fetch is the caller's error to show, not hanzi-writer's console message.
 * Colours come from the page's tokens so the dark theme works.
 */
export async function createWriter(
  target: HTMLElement,
  char: string,
  data: CharacterJson,
  size: number,
  options: Partial<HanziWriterOptions>,
): Promise<HanziWriter> {
  const Writer = await loadHanziWriter();
  target.replaceChildren();
  const style = getComputedStyle(target);
  const color = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
  return Writer.create(target, char, {
    width: size,
    height: size,
    padding: BOX_PADDING,
    strokeColor: color('--color-text', '#1b1d22'),
    outlineColor: color('--color-border', '#dcdfe5'),
    drawingColor: color('--color-accent', '#2f5bd3'),
    highlightColor: color('--color-medium', '#7a4d00'),
    charDataLoader: () => data,
    ...options,
  });
}
