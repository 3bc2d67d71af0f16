import type { Language } from '../languages.js';
import { GLOSSED_OWN_LETTERS } from './thresholds.js';

/* Which script a set's words are written in, and the part of a line written in it. */

const HAN = '\\p{Script=Han}';
const CJK_PUNCTUATION = '\\u3000-\\u303F\\uFF00-\\uFFEF';

/** Tesseract puts a space between Chinese characters; Chinese is written without them. */
const SPACE_IN_CHINESE = new RegExp(
  `(?<=[${HAN}${CJK_PUNCTUATION}])\\s+(?=[${HAN}${CJK_PUNCTUATION}])`,
  'gu',
);
/**
 * Groups of two or more characters with spaces between: words, not characters spaced by OCR.
 * With two such groups or more between them, the first and the last may be one character: a
 * word cut where its bubble wrapped ("… 手指 弟弟 金" then "鱼 声音 …"), which the items' wrap
 * join puts together again.
 */
const HAN_GROUPS =
  /^\p{Script=Han}{2,}(?:\s+\p{Script=Han}{2,}){2,}$|^\p{Script=Han}+(?:\s+\p{Script=Han}{2,}){2,}\s+\p{Script=Han}+$/u;
/**
 * Two groups are enough on the line after a line of groups: the list wrapped in its bubble
 * ("彩虹 面条 小鸟 蜜蜂 快乐 香蕉" then "公园 白云"); the first may be the one character a
 * wrap left of a word ("丽 寒冷 汽车").
 */
const TWO_HAN_GROUPS = /^\p{Script=Han}+(?:\s+\p{Script=Han}{2,})+$/u;
/** Whether `text` (normalised) is words side by side, as joinChinese finds them. */
export const isHanGroups = (text: string): boolean => HAN_GROUPS.test(text) || LABELLED_HAN_GROUPS.test(text);
/**
 * The same after a label and its colon ("明天听写： 火车 勇敢"), where a list is expected: two
 * groups are enough, the last maybe one character of a word its wrap cut.
 */
const LABELLED_HAN_GROUPS =
  /^([^:：]*\p{Script=Han}[^:：]*[:：])\s*(\p{Script=Han}{2,}(?:\s+\p{Script=Han}{2,})*\s+\p{Script=Han}+)$/u;

/**
 * A dash standing apart between a Chinese word and its English meaning, read as the character
 * 一 ("图书馆 一 library"): 一 alone between them is no word of either. Made a dash before the
 * spaces around it go ("图书馆一").
 */
const HAN_DASH = /(?<=\p{Script=Han})\s+一\s+(?=\p{Script=Latin})/gu;

/**
 * Chinese without the spaces OCR put between its characters. Three or more groups of two or
 * more characters ("认真 仔细 马上"), or two or more after a label ("听写： 火车 勇敢"), are
 * words side by side: they are joined with 、 so the item split keeps them apart; so are two
 * groups on the line after such a line (`afterGroups`).
 */
export function joinChinese(line: string, afterGroups = false): string {
  const text = line.replace(HAN_DASH, ' — ');
  if (HAN_GROUPS.test(text) || (afterGroups && TWO_HAN_GROUPS.test(text)))
    return text.split(/\s+/u).join('、');
  const labelled = LABELLED_HAN_GROUPS.exec(text);
  if (labelled) return labelled[1]!.replace(SPACE_IN_CHINESE, '') + labelled[2]!.split(/\s+/u).join('、');
  return text.replace(SPACE_IN_CHINESE, '');
}

/** Chinese items separated by 、，；: the last item of one line and the first of the next. */
const LAST_HAN_ITEM = /(?<=[、，,；;]\s*)(\p{Script=Han}+)\s*$/u;
const FIRST_HAN_ITEM = /^\s*(\p{Script=Han}+)\s*[、，,；;]\s*/u;
const SEPARATORS = /[、，,；;]/gu;
/** A reply's end ("收到，谢谢老师！"): a line of items does not end so. */
const REPLY_END = /[!?！？。]\s*$/u;

/**
 * Chinese wraps a line anywhere, a word too: a list of items separated by 、 or ， in a chat's
 * bubble ("小鸟、眼睛、唱" then "歌、声音、干净") leaves a word in two. When a line of items
 * (two separators at least) ends without its separator and the next starts with an item, one
 * of the two a single character (a word of one character is rare in a list, a word cut in two
 * is not), they are one word: the next line's first item moves to the end of the line before.
 * `texts` in reading order.
 */
export function joinWrappedItems(texts: readonly string[]): string[] {
  const out = [...texts];
  for (let i = 0; i + 1 < out.length; i++) {
    const tail = LAST_HAN_ITEM.exec(out[i]!)?.[1];
    const head = FIRST_HAN_ITEM.exec(out[i + 1]!);
    if (!tail || !head || (out[i]!.match(SEPARATORS)?.length ?? 0) < 2 || REPLY_END.test(out[i + 1]!))
      continue;
    if ([...tail].length > 1 && [...head[1]!].length > 1) continue;
    out[i] = out[i]!.replace(/\s*$/u, '') + head[1]!;
    out[i + 1] = out[i + 1]!.slice(head[0].length);
  }
  return out;
}

export const SCRIPT: Record<Language, RegExp> = {
  English: /\p{Script=Latin}/u,
  Malay: /\p{Script=Latin}/u,
  Chinese: /\p{Script=Han}/u,
  Tamil: /\p{Script=Tamil}/u,
};

/** Letters in one of the four languages' scripts other than `language`'s. */
const OTHER: Record<Language, RegExp> = {
  English: /[\p{Script=Han}\p{Script=Tamil}]/u,
  Malay: /[\p{Script=Han}\p{Script=Tamil}]/u,
  Chinese: /[\p{Script=Latin}\p{Script=Tamil}]/u,
  Tamil: /[\p{Script=Latin}\p{Script=Han}]/u,
};

type Kind = 'own' | 'other' | 'neutral';

function kindOf(char: string, language: Language): Kind {
  if (SCRIPT[language].test(char)) return 'own';
  // Tamil vowel signs and Latin accents are marks of the letter before them.
  if (OTHER[language].test(char)) return 'other';
  return 'neutral';
}

/**
 * The part of `text` written in the set's script, or undefined when there is none worth
 * keeping. A line in two scripts is a word and its gloss ("umbrella 雨伞", "xià yǔ 下雨",
 * "யானை elephant"): the word is the own-script run at the start or else at the end. An
 * own-script run only in the middle is a misread inside a line of the other script.
 */
export function ownScriptPart(text: string, language: Language | undefined): string | undefined {
  if (!language) return text;
  // Most lines are in one script: only a line with letters of another is cut char by char.
  if (!OTHER[language].test(text)) return SCRIPT[language].test(text) ? text : undefined;
  const runs: { kind: Exclude<Kind, 'neutral'>; text: string; letters: number }[] = [];
  let pending = '';
  for (const char of text) {
    const kind = kindOf(char, language);
    const run = runs.at(-1);
    if (kind === 'neutral') {
      pending += char;
      continue;
    }
    if (run?.kind === kind) {
      run.text += pending + char;
      run.letters++;
    } else runs.push({ kind, text: char, letters: 1 });
    pending = '';
  }
  if (runs.length > 0) runs.at(-1)!.text += pending;
  const own = runs.filter((run) => run.kind === 'own');
  if (own.length === 0) return undefined;
  if (own.length === runs.length) return text;
  const letters = runs.reduce((sum, run) => sum + run.letters, 0);
  const edge = runs[0]!.kind === 'own' ? runs[0]! : runs.at(-1)!.kind === 'own' ? runs.at(-1)! : undefined;
  if (!edge) return undefined;
  if (edge.letters < GLOSSED_OWN_LETTERS && edge.letters * 2 <= letters) return undefined;
  return edge.text;
}

/** Whether a line has any letter of the set's script. */
export const hasOwnScript = (text: string, language: Language | undefined): boolean =>
  language ? SCRIPT[language].test(text) : /\p{L}/u.test(text);
