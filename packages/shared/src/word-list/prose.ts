import {
  PROSE_MIN_HAN,
  PROSE_MIN_HAN_PUNCTUATED,
  PROSE_MIN_WORDS,
  SENTENCE_END_MIN_WORDS,
} from './thresholds.js';

/* Sentences, story lines and fill-in exercises: text on the page that is not a list entry. */

const HAN = /\p{Script=Han}/gu;
const hanCount = (text: string) => text.match(HAN)?.length ?? 0;
/** Words of a line in a script that spaces its words (Latin, Tamil). */
export const wordCount = (text: string): number =>
  text.split(/\s+/u).filter((w) => /[\p{L}\p{M}]/u.test(w) && !/^\p{Script=Han}+$/u.test(w)).length;

/** A sentence's end: one full stop (not a dotted answer line), "!" or "?", or their Chinese forms. */
const SENTENCE_END = /(?:[^.]\.|[!?！？。])["'”’)]*$/u;
/**
 * A comma with text on both sides: a clause, not the trailing comma OCR reads off a rule nor
 * a misread number before an entry ("，太阳").
 */
const INNER_COMMA = /[\p{L}\p{M}\p{N}"'”’)]\s*[,，]\s*[\p{L}\p{N}]/u;
const CHINESE_PUNCTUATION = /[，。；！？]/u;

/**
 * A sentence, a story's line, a greeting or a thank-you: many words, a comma between
 * clauses, or a sentence's end after a few words ("Thanks Mrs Tan!", "请督促孩子复习，谢谢！").
 * A short Chinese exclamation ("下雨了！") may be a dictation entry.
 */
export function isProse(text: string): boolean {
  const han = hanCount(text);
  if (han > 0 && han >= wordCount(text)) {
    if (han >= PROSE_MIN_HAN) return true;
    if (han >= PROSE_MIN_HAN_PUNCTUATED && CHINESE_PUNCTUATION.test(text)) return true;
    return INNER_COMMA.test(text);
  }
  const words = wordCount(text);
  if (words >= PROSE_MIN_WORDS) return true;
  if (words >= 2 && INNER_COMMA.test(text)) return true;
  return words >= SENTENCE_END_MIN_WORDS && SENTENCE_END.test(text);
}

/** An answer blank: a run of underscores or dots, or empty brackets ("（ ）"). */
const BLANK = /_{2,}|\.{4,}|…{2,}|[(（]\s*[)）]/u;
const LETTER = /[\p{L}\p{N}]/u;

/**
 * A fill-in exercise ("She ___ to school.", "他做作业很（ ）。"): a blank with words on both
 * sides, or after words and before a sentence's end. A blank only after an entry
 * ("apple ______", "图书馆（ ）") is where the child writes it.
 */
export function isFillIn(text: string): boolean {
  const match = BLANK.exec(text);
  if (!match) return false;
  const before = text.slice(0, match.index);
  const after = text.slice(match.index + match[0].length).replace(BLANK, '');
  if (!LETTER.test(before)) return false;
  return LETTER.test(after) || /^[\s_.]*[.!?。！？]["'”’]*$/u.test(after) ? after.trim() !== '' : false;
}
