/* Cutting a line Tesseract read into the parts a parent meant as separate entries. */
import type { OcrLine } from './worker-lane.js';

const LIST_NUMBER = /^[(（]?(?:\d{1,3}|[一二三四五六七八九十]{1,3}|[a-zA-Z])[.)、．）:]?$|^[\u2460-\u2473]$/u;

/** A gap between words wider than this many row heights separates two columns. */
const COLUMN_GAP = 1.5;

/** `line` made of `words` only: its text, confidence and box follow them. */
export function lineOf(line: OcrLine, words: OcrLine['words']): OcrLine {
  return {
    ...line,
    text: words.map((w) => w.text).join(' '),
    confidence: words.reduce((sum, w) => sum + w.confidence, 0) / words.length,
    box: {
      x0: Math.min(...words.map((w) => w.box.x0)),
      y0: Math.min(...words.map((w) => w.box.y0)),
      x1: Math.max(...words.map((w) => w.box.x1)),
      y1: Math.max(...words.map((w) => w.box.y1)),
    },
    words,
  };
}

/**
 * Two columns read as one line ("① 刷牙      ② 洗脸", where the numbers may be misread) are
 * told apart by the wide gap between them, and become two lines.
 */
export function splitAtGaps(line: OcrLine): OcrLine[] {
  const height = Math.max(1, line.box.y1 - line.box.y0);
  const parts: OcrLine['words'][] = [];
  for (const word of line.words) {
    const current = parts.at(-1);
    const previous = current?.at(-1);
    if (current && previous && word.box.x0 - previous.box.x1 <= COLUMN_GAP * height) current.push(word);
    else parts.push([word]);
  }
  // A list number set apart from its entry stays with it.
  const merged = parts.reduce<OcrLine['words'][]>((out, words) => {
    const last = out.at(-1);
    if (last?.length === 1 && LIST_NUMBER.test(last[0]!.text)) last.push(...words);
    else out.push(words);
    return out;
  }, []);
  return merged.length <= 1 ? [line] : merged.map((words) => lineOf(line, words));
}
