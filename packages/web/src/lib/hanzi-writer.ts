import type HanziWriter from 'hanzi-writer';
import type { CharacterJson, HanziWriterOptions } from 'hanzi-writer';

/** Space between the box's edge and the character, in CSS pixels (the tests map strokes with it). */
export const BOX_PADDING = 12;
/** The box never grows past this, and shrinks to fit the phone's width and height. */
export const BOX_MAX_SIZE = 280;
/** Nor below this, however short the screen. */
export const BOX_MIN_SIZE = 140;
/** The stroke animation of one character takes about this long, however many strokes. */
export const CHARACTER_ANIMATION_MS = 1000;
/** hanzi-writer highlights the expected stroke after this many misses on it: that is a hint. */
export const HINT_AFTER_MISSES = 3;

/**
 * hanzi-writer's timing for one character's animation to last about CHARACTER_ANIMATION_MS
 * (issue 35: its defaults, a second between strokes, took 24 s for a three-character word).
 * A stroke takes (length + 600) / (3 × speed) ms, its length measured along its median in
 * the data's 1024-unit square; short pauses between strokes keep them apart.
 */
export function animationTiming(data: CharacterJson): {
  strokeAnimationSpeed: number;
  delayBetweenStrokes: number;
} {
  const strokes = data.medians.length;
  const delayBetweenStrokes = strokes > 1 ? Math.min(60, (CHARACTER_ANIMATION_MS * 0.25) / (strokes - 1)) : 0;
  const drawing = data.medians.reduce((sum, median) => {
    let length = 0;
    for (let i = 1; i < median.length; i++) {
      const [x0 = 0, y0 = 0] = median[i - 1]!;
      const [x1 = 0, y1 = 0] = median[i]!;
      length += Math.hypot(x1 - x0, y1 - y0);
    }
    return sum + (length + 600) / 3;
  }, 0);
  const budget = CHARACTER_ANIMATION_MS - delayBetweenStrokes * Math.max(0, strokes - 1);
  return { strokeAnimationSpeed: Math.max(1, drawing / budget), delayBetweenStrokes };
}

/** hanzi-writer (about 30 KB) loads only when a Chinese word is on the card. */
export const loadHanziWriter = () => import('hanzi-writer').then((m) => m.default);

type Listener = Parameters<typeof document.addEventListener>;
/** The document listeners each writer added, to remove when it is done with (`releaseWriter`). */
const documentListeners = new WeakMap<HanziWriter, Listener[]>();

/**
 * hanzi-writer adds `mouseup` and `touchend` listeners to the document for every writer and
 * never removes them (issue 40): a practice of 30 characters left 60 behind, each holding its
 * writer and quiz. They are added while the writer is made, synchronously, so they are noted
 * then and taken off here.
 */
export function releaseWriter(writer: HanziWriter | null | undefined): void {
  if (!writer) return;
  writer.cancelQuiz();
  for (const args of documentListeners.get(writer) ?? []) document.removeEventListener(...args);
  documentListeners.delete(writer);
}

/**
 * A writer drawing `char` into `target` (emptied first) from data already fetched from our
 * server, so a failed fetch is the caller's error to show, not hanzi-writer's console message.
 * Colours come from the page's tokens so the dark theme works. Release it with `releaseWriter`.
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
  const added: Listener[] = [];
  const add = document.addEventListener;
  document.addEventListener = function (this: Document, ...args: Listener) {
    added.push(args);
    return add.apply(this, args);
  } as typeof document.addEventListener;
  try {
    const writer = Writer.create(target, char, {
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
    documentListeners.set(writer, added);
    return writer;
  } finally {
    document.addEventListener = add;
  }
}
