import type { Language } from '../languages.js';
import { isHeading } from './page-chrome.js';
import { wordCount } from './prose.js';
import { splitItems } from './separators.js';
import { hasOwnScript } from './scripts.js';
import {
  COLON_MEANING_MAX_WORDS,
  LABEL_MIN_WORDS,
  PAIR_WORD_MAX_HAN,
  PAIR_WORD_MAX_WORDS,
  STEM_LETTERS,
} from './thresholds.js';

/*
 * A word and what the sheet says about it on the same line: "word — meaning", "word - meaning",
 * "word: sentence", "word | meaning", "word (meaning)"; and "Spelling words: a, b, c", where
 * the part before the colon is a label and the list follows it.
 */

/** Words that say a list follows: "Spelling words:", "Perkataan ejaan:", "明天听写：", "சொற்கள்:". */
const LEAD_IN =
  /\b(?:words?|spellings?|dictation|vocabulary|list|perkataan|ejaan|imlak|kosa kata)\b|听写|默写|词语|生字|சொற்கள்|சொல்வதெழுதுதல்/iu;
/**
 * Words that ask for practice: "请复习：", "Please revise:", "Ulang kaji:". Before a list
 * ("请复习：寒冷、手指、蜜蜂") they are its label; before anything else they may be the word of a
 * pair ("revise: to look over again"), so they count only when a list follows.
 */
const PRACTISE_LEAD_IN =
  /\b(?:revise|revision|review|practi[cs]e|learn|ulang ?kaji|hafal(?:kan)?)\b|复习|温习|背诵|熟记|படிக்கவும்/iu;

/**
 * The dash between a word and its meaning; a hyphen counts when a space stands on one side of
 * it ("naughty -badly behaved": a reader that drops spaces), never inside a word ("two-wheeled").
 */
const DASH = /\s+[—–-]+\s+|\s*[—–]\s*|\s+=\s+|\s+-+(?=\p{L})|(?<=[\p{L}\p{M}])-+\s+/u;
/**
 * A table's cell border, or what OCR makes of it: the danda beside Tamil ("முட்டை । egg"), the
 * stroke 丨 beside Chinese ("牛奶 丨 milk"; 丨 is a radical, never a word's character).
 */
const PIPE = /\s*[|｜।丨]\s*/u;
const COLON = /\s*[:：]\s*/u;
/** A meaning in brackets after the word: "cautious (careful)", "小鸟（xiǎo niǎo）". */
const BRACKETED = /\s*[(（][^()（）]*\p{L}[^()（）]*[)）]\s*$/u;

const hanOf = (text: string) => text.match(/\p{Script=Han}/gu)?.length ?? 0;

/** Short enough to be the word side of a pair: a word or a phrase, not a sentence. */
export const isWordSized = (text: string): boolean =>
  wordCount(text) <= PAIR_WORD_MAX_WORDS && hanOf(text) <= PAIR_WORD_MAX_HAN && /\p{L}/u.test(text);

export interface Pair {
  /** What to keep: the word, or the list after a label. */
  text: string;
  /** The text came after a label that says a list follows. */
  afterLabel: boolean;
  /** The line is a title ("Unit 5: Animals") or a note: nothing in it is an entry. */
  drop?: boolean;
}

/** Whether `sentence` uses `word` (an example sentence): by its first letters, so "happily" counts. */
function uses(sentence: string, word: string): boolean {
  const letters = [...word.toLowerCase()];
  const stem = letters
    .slice(0, Math.max(STEM_LETTERS.min, Math.min(STEM_LETTERS.max, letters.length)))
    .join('');
  return sentence.toLowerCase().includes(stem);
}

function splitColon(text: string, language: Language | undefined): Pair | undefined {
  const match = COLON.exec(text);
  if (!match || match.index === 0) return undefined;
  const left = text.slice(0, match.index);
  const right = text.slice(match.index + match[0].length);
  if (!/\p{L}/u.test(right)) return undefined;
  const labelled =
    LEAD_IN.test(left) ||
    wordCount(left) >= LABEL_MIN_WORDS ||
    (PRACTISE_LEAD_IN.test(left) && splitItems(right, true) !== undefined);
  if (labelled) return { text: right, afterLabel: true };
  if (isHeading(left)) return { text: right, afterLabel: false, drop: true };
  if (isWordSized(left) && hasOwnScript(left, language)) {
    if (uses(right, left) || wordCount(right) <= COLON_MEANING_MAX_WORDS || !hasOwnScript(right, language))
      return { text: left, afterLabel: false };
    return { text, afterLabel: false, drop: true };
  }
  return undefined;
}

/**
 * The word of a line that pairs it with a meaning or a sentence, the list after a label, or
 * the line as it is. Of two sides, the word is the one in the set's script, the first when
 * both are.
 */
export function wordOfLine(text: string, language: Language | undefined): Pair {
  // A cell of the row read as digits or marks ("கிராமம் | ௦௦6") is a cell still.
  const cells = text.split(PIPE).filter((cell) => cell.trim() !== '');
  const lettered = cells.filter((cell) => /\p{L}/u.test(cell));
  // A border at the row's end, its other cells not read, goes too ("牛奶丨").
  if ((cells.length > 1 || PIPE.test(text)) && lettered.length > 0) {
    const word = lettered.find((cell) => hasOwnScript(cell, language) && isWordSized(cell)) ?? lettered[0]!;
    return { text: word, afterLabel: false };
  }
  const colon = splitColon(text, language);
  if (colon) return colon.drop || colon.afterLabel ? colon : wordOfLine(colon.text, language);
  const dashed = text.split(DASH);
  if (dashed.length > 1 && dashed[0] !== '') {
    const sides = dashed.filter((side) => /\p{L}/u.test(side));
    const word = sides.find((side) => hasOwnScript(side, language) && isWordSized(side));
    if (word) return { text: word, afterLabel: false };
  }
  const bracketed = text.replace(BRACKETED, '');
  if (bracketed !== text && hasOwnScript(bracketed, language)) return { text: bracketed, afterLabel: false };
  return { text, afterLabel: false };
}
