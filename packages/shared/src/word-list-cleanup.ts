import type { Language } from './languages.js';
import { normaliseWord, parseWordList } from './text.js';

/*
 * What OCR reads from a school spelling sheet, turned into the word list a parent wants:
 * one entry per line, without the list's numbering, bullets, headings and form lines
 * ("Name: ____"), in English, Chinese, Malay and Tamil. Pure, so it is tested with many
 * real-looking inputs and can run in the browser as well as on the server.
 */

const HAN = '\\p{Script=Han}';
const CJK_PUNCTUATION = '\\u3000-\\u303F\\uFF00-\\uFFEF';
/** Tesseract puts a space between Chinese characters; Chinese is written without them. */
const SPACE_IN_CHINESE = new RegExp(
  `(?<=[${HAN}${CJK_PUNCTUATION}])\\s+(?=[${HAN}${CJK_PUNCTUATION}])`,
  'gu',
);

const CHINESE_NUMERALS = '一二三四五六七八九十';
/**
 * One leading list marker: "1.", "2)", "3、", "１．", "(4)", "Q5", "(a)", "b)", "c.", "(iv)",
 * "一、", "（二）", bullets and dashes; also "l." and "I." (OCR's usual misreading of "1.").
 */
const MARKER = new RegExp(
  [
    `^[(（]?(?:\\d{1,3}|[０-９]{1,3})\\s*[.)、．）:：,]\\s*`,
    `^[(（](?:\\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4}|[${CHINESE_NUMERALS}]{1,3})[)）]\\s*`,
    // "(l)" whose letter OCR lost or made a stroke of: "() millennium", "(|) millennium".
    `^[(（][|!/\\\\]?[)）]\\s*`,
    `^(?:[a-zA-Z]|[ivx]{1,4})[.)]\\s+`,
    `^[${CHINESE_NUMERALS}]{1,3}[、.．]\\s*`,
    `^Q\\s?\\d{1,3}\\b[.):]?\\s*`,
    `^\\d{1,3}\\s+(?=\\p{L})`,
    `^[lI|][.)]\\s+`,
    `^[•·●○◦▪■□►▶‣⁃✓✔☐]\\s*`,
    // Circled numbers (①, ⑴, ❶), and what OCR makes of them.
    `^[\\u2460-\\u249B\\u24EA-\\u24FF\\u2776-\\u2793]\\s*`,
    `^[®©@]\\s*`,
    `^[-–—*+>»~]\\s+`,
  ].join('|'),
  'u',
);

/** A numbered item further along the same line: two columns that OCR read as one line. */
const SECOND_COLUMN = /\s{1,}(?=(?:\d{1,3}|[０-９]{1,3})[.)、．）]\s*\p{L})/u;

/** Form fields at the top of a sheet, in the four languages: "Name:", "班级：", "Tarikh:"... */
const FORM_LABEL =
  /^(?:(?:parent'?s?|ibu bapa|penjaga)\s+)?(?:name|class|date|score|marks?|total|signature|parent'?s? signature|index(?: no\.?)?|no\.|nama|kelas|tarikh|markah|tandatangan|姓名|名字|班级|班別|班级|日期|分数|得分|学号|家长签名|பெயர்|வகுப்பு|தேதி|திகதி|மதிப்பெண்|கையொப்பம்)(?![\p{L}\p{M}])[^:：;\d]{0,24}[:：;]/iu;

/**
 * Headings of spelling lists; such a line is a title, not something to practise. Chinese
 * exercise instructions are a verb, 一, the verb again ("写一写" write it, "读一读 写一写").
 */
const HEADING =
  /^(?:(\p{Script=Han})一\1\s*)+(?![\p{L}])|\b(?:spelling|dictation|word list|weekly words|(?:week|term|lesson|unit|chapter)\s*\d+)\b|\b(?:ejaan|imlak|senarai perkataan|minggu\s*\d+|penggal\s*\d+)\b|听写|默写|词语表|生字表|第[\d一二三四五六七八九十]{1,3}课|சொல்வதெழுதுதல்|சொற்பட்டியல்|எழுத்துக்கூட்டல்/iu;

/** Blank answer lines, table borders and stray punctuation around an entry. */
const EDGE_JUNK = /^[\s|_.,;:'"`“”‘’。，、*·]+|[\s|_.,;:'"`“”‘’·…，。、；：~-]+$/gu;

/** Chat-app chrome: times ("7:58 pm", "58 pm", "20:15", Malay "4:32 ptg"), the status bar, read ticks, and the message box. */
const CHAT_CHROME =
  /(?:^|\s)\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?\s?m\.?|ptg|pg)(?:\s|$)|(?:^|\s)\d{1,2}:\d{2}(?:\s|$)|\d{1,3}\s?%|\b(?:[345]G|LTE)\b|✓✓|^type a message$/iu;

/**
 * A sentence, not an entry: a greeting, an instruction, a thank-you ("Thanks Mrs Tan!",
 * "请督促孩子复习，谢谢！"). A short exclamation ("下雨了！") may be a dictation entry.
 */
const SENTENCE = /^(?:\S+\s+){5,}\S+|[，,].*[!?！？。]$|^(?:\S+\s+){2,}\S+[!?]$/u;

/** The script a word list in each language is written in; a line without it is not an entry. */
const SCRIPT: Record<Language, RegExp> = {
  English: /\p{Script=Latin}/u,
  Malay: /\p{Script=Latin}/u,
  Chinese: /\p{Script=Han}/u,
  Tamil: /\p{Script=Tamil}/u,
};
/** Letters of another language's script in a line: a Latin list has no Han or Tamil in it. */
const FOREIGN: Record<Language, RegExp | undefined> = {
  English: /[\p{Script=Han}\p{Script=Tamil}]/u,
  Malay: /[\p{Script=Han}\p{Script=Tamil}]/u,
  Chinese: undefined,
  Tamil: /\p{Script=Han}/u,
};

/** Which item of its list a marker says a line is: "3." and "③" are the 3rd, "(c)" the 3rd letter. */
interface Ordinal {
  kind: 'number' | 'letter';
  n: number;
}

interface Line {
  text: string;
  marked: boolean;
  source: number;
  ordinal?: Ordinal;
  /** A chat's time or status bar stood between this line and the one before: another message. */
  breakBefore?: boolean;
}

/** An entry of the cleaned list and the index of the OCR line it came from. */
export interface CleanEntry {
  text: string;
  source: number;
}

/** A speck of desk or page edge read before a list number ("i 5. neighbour", "Eo. 3. pear"). */
const JUNK_BEFORE_NUMBER = /^[^\s\d]{1,3}\s+(?=[(（]?\d{1,3}\s*[.)、．）]\s*\p{L})/u;

const CIRCLED_FIRST = 0x2460;

/** The item a list marker stands for, when it says one ("12)", "（三）", "b.", "⑤"). */
function ordinalOf(marker: string): Ordinal | undefined {
  const core = marker.replace(/[\s(（).)、．）:：,]/gu, '');
  if (/^\d{1,3}$/u.test(core)) return { kind: 'number', n: Number(core) };
  if (/^[０-９]{1,3}$/u.test(core))
    return { kind: 'number', n: Number(core.replace(/[０-９]/gu, (d) => String(d.charCodeAt(0) - 0xff10))) };
  if (/^[a-zA-Z]$/u.test(core)) return { kind: 'letter', n: core.toLowerCase().charCodeAt(0) - 96 };
  const chinese = CHINESE_NUMERALS.indexOf(core);
  if ([...core].length === 1 && chinese >= 0) return { kind: 'number', n: chinese + 1 };
  const circled = core.codePointAt(0)! - CIRCLED_FIRST;
  if ([...core].length === 1 && circled >= 0 && circled < 20) return { kind: 'number', n: circled + 1 };
  return undefined;
}

/** A letter marker OCR read twice, capital then small ("Jj. was", "Kk. said" for "j." and "k."). */
const DOUBLED_LETTER = /^([A-Z])([a-z])(?=[.)]\s)/u;
const singleLetter = (text: string) =>
  text.replace(DOUBLED_LETTER, (both, capital: string, small: string) =>
    capital.toLowerCase() === small ? small : both,
  );

function stripMarker(raw: string, source: number): Line {
  const text = singleLetter(raw.replace(/^[\s|]+/u, '').replace(JUNK_BEFORE_NUMBER, ''));
  const stripped = text.replace(MARKER, '');
  if (stripped === text) return { text, marked: false, source };
  return {
    text: stripped,
    marked: true,
    source,
    ordinal: ordinalOf(text.slice(0, text.length - stripped.length)),
  };
}

/** A letter that lost its full stop ("f green" between "e. swim" and "g. lunch"). */
const BARE_LETTER = /^([a-zA-Z])\s+(?=\p{L})/u;

/**
 * In a lettered list, a line starting with the letter that comes next ("f green" after
 * "e. swim") is the next item whose "." OCR lost: numbered, it stays in the list.
 */
function lostLetters(lines: Line[]): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const previous = out.at(-1)?.ordinal;
    const letter = line.marked ? undefined : BARE_LETTER.exec(line.text)?.[1];
    const n = letter ? letter.toLowerCase().charCodeAt(0) - 96 : 0;
    if (previous?.kind === 'letter' && previous.n + 1 === n)
      out.push({
        ...line,
        text: line.text.replace(BARE_LETTER, ''),
        marked: true,
        ordinal: { kind: 'letter', n },
      });
    else out.push(line);
  }
  return out;
}

/** Whether `next`, `gap` lines after `previous`, is the item that follows them both. */
const follows = (previous: Ordinal | undefined, next: Ordinal | undefined, gap: number) =>
  previous !== undefined && next?.kind === previous.kind && next.n === previous.n + gap + 1;

/** Unnumbered lines a numbered list may hold in a row (an entry whose number OCR lost). */
const UNNUMBERED_IN_LIST = 1;
/** More are allowed when the numbers around them show entries are missing there. */
const MISSING_NUMBERS = 3;
/** The fewest numbered lines that make a list. */
const LIST_ENTRIES = 3;

/**
 * The numbered list among the lines: runs of numbered lines, at most one unnumbered line
 * apart (or as many as the numbers around them say are missing), never across a chat's time
 * (a later message); from the first run of three entries or more to the last. A chat's
 * avatar read as "(77)", a bullet before the member list, or a reaction read as "®" after the
 * list are numbered lines too, but on their own.
 */
function listSpan(lines: readonly Line[]): [number, number] | undefined {
  const runs: { first: number; last: number; count: number }[] = [];
  lines.forEach((line, i) => {
    if (!line.marked) return;
    const run = runs.at(-1);
    const gap = run ? i - run.last - 1 : 0;
    const joined =
      run !== undefined &&
      !lines.slice(run.last + 1, i + 1).some((l) => l.breakBefore) &&
      (gap <= UNNUMBERED_IN_LIST ||
        (gap <= MISSING_NUMBERS && follows(lines[run.last]!.ordinal, line.ordinal, gap)));
    if (joined) {
      run.last = i;
      run.count++;
    } else runs.push({ first: i, last: i, count: 1 });
  });
  const lists = runs.filter((run) => run.count >= LIST_ENTRIES);
  return lists.length > 0 ? [lists[0]!.first, lists.at(-1)!.last] : undefined;
}

function isFormLine(text: string): boolean {
  const colons = text.match(/[:：]/gu)?.length ?? 0;
  return FORM_LABEL.test(text) || colons >= 2 || /[:：]$/u.test(text);
}

/** Lines with no letters ("____", "12/03/2025", "———") or one stray non-Chinese letter. */
function isNoise(text: string): boolean {
  if (!/\p{L}/u.test(text)) return true;
  return [...text].length === 1 && !new RegExp(HAN, 'u').test(text);
}

function splitColumns(line: string): string[] {
  return stripMarker(line, 0).marked ? line.split(SECOND_COLUMN) : [line];
}

function inLanguage(text: string, language: Language | undefined): boolean {
  if (!language) return true;
  if (!SCRIPT[language].test(text) || FOREIGN[language]?.test(text)) return false;
  // Most of its letters are in the language's script: a pinyin line with one misread
  // character ("chi zgo 仁 n shang") is not a Chinese entry.
  const letters = [...text.matchAll(/\p{L}/gu)].length;
  const own = [...text.matchAll(new RegExp(SCRIPT[language].source, 'gu'))].length;
  return language === 'English' || language === 'Malay' || own * 2 > letters;
}

/** What a misread ① leaves before a Chinese entry ("O@) 放学", ") 回家"). */
const CHINESE_LEAD_JUNK = /^(?:[^\p{Script=Han}\s]{1,4}\s+)+(?=\p{Script=Han})/u;

/**
 * The number between two Chinese entries on one line ("吃早饭 ⑥ 上学"), or what OCR made of it
 * ("吃早饭 GO 上学": a misread ②), kept by `split` as the captured group.
 */
const BETWEEN_CHINESE =
  /(?<=\p{Script=Han})\s+([^\p{Script=Han}\s\u3000-\u303F\uFF00-\uFFEF]{1,4})\s+(?=\p{Script=Han})/u;

/**
 * A row of Chinese entries read as one line ("⑤ 吃早饭 ⑥ 上学"), one line per entry, each
 * numbered by the marker before it when OCR read one, else by the row's: with its own number,
 * the row's last entry tells what lies between it and the next row's first (pinyin misread
 * as characters) from an entry whose number OCR lost.
 */
function chineseRow(line: Line): Line[] {
  const parts = line.text.split(BETWEEN_CHINESE);
  return parts.flatMap((text, i) => {
    if (i % 2 === 1) return [];
    // Junk before a Chinese entry is what OCR made of its number: the entry is numbered.
    const entry = text.replace(CHINESE_LEAD_JUNK, '');
    const marker = i > 0 ? ordinalOf(parts[i - 1]!) : undefined;
    const ordinal = marker ?? line.ordinal;
    return [{ ...line, text: entry, marked: line.marked || entry !== text, ...(ordinal ? { ordinal } : {}) }];
  });
}

/**
 * Whether an unnumbered line lies between two entries numbered one after the other ("4.
 * bottle", "5. puddle"): no entry is missing there, so it is not one, but what is left of the
 * sheet between them (the sides of a dashed box read as "H H", a meaning under a word).
 */
const betweenNeighbours = (previous: Line | undefined, next: Line | undefined) =>
  previous?.marked === true && next?.marked === true && follows(previous.ordinal, next.ordinal, 0);

/**
 * OCR lines to a clean word list, in the order read, each entry with the line it came from.
 * With a language, lines not written in its script go (pinyin above Chinese, an English
 * meaning beside a Tamil word).
 */
export function cleanWordEntries(ocrLines: readonly string[], language?: Language): CleanEntry[] {
  const parts = ocrLines.flatMap((raw, source) =>
    splitColumns(normaliseWord(raw).replace(JUNK_BEFORE_NUMBER, '').replace(SPACE_IN_CHINESE, '')).map(
      (part) => ({ whole: part, line: stripMarker(part, source) }),
    ),
  );
  const kept: Line[] = [];
  let chatBreak = false;
  for (const { whole, line } of parts) {
    if (isFormLine(line.text) || HEADING.test(line.text)) continue;
    // Judged whole: "4:32 ptg" is a time, not an entry "32 ptg" numbered "4:".
    if (CHAT_CHROME.test(whole)) {
      chatBreak = true;
      continue;
    }
    const pieces = language === 'Chinese' ? chineseRow(line) : [line];
    for (const piece of pieces) {
      const text = piece.text.replace(EDGE_JUNK, '');
      if (isNoise(text) || !inLanguage(text, language)) continue;
      kept.push({ ...piece, text, ...(chatBreak ? { breakBefore: true } : {}) });
      chatBreak = false;
    }
  }
  const lines = lostLetters(kept);

  // On a numbered sheet, unnumbered lines above the list are its title and notes, and those
  // after it its footer (or, in a chat, the replies); sentences go anywhere.
  const marked = lines.filter((line) => line.marked).length;
  const span =
    listSpan(lines) ??
    (marked >= LIST_ENTRIES
      ? [lines.findIndex((line) => line.marked), lines.findLastIndex((line) => line.marked)]
      : undefined);
  const entries = span
    ? lines
        .slice(span[0], span[1] + 1)
        .filter(
          (line, i, list) =>
            line.marked || (!SENTENCE.test(line.text) && !betweenNeighbours(list[i - 1], list[i + 1])),
        )
    : lines.filter((line) => !SENTENCE.test(line.text) || line.marked);

  const seen = new Set<string>();
  const result: CleanEntry[] = [];
  for (const line of entries) {
    const [text] = parseWordList(line.text);
    if (text === undefined || seen.has(text)) continue;
    seen.add(text);
    result.push({ text, source: line.source });
  }
  return result;
}

/** OCR text to a clean word list, in the order read. */
export function cleanWordList(ocrText: string, language?: Language): string[] {
  return parseWordList(
    cleanWordEntries(ocrText.split(/\r?\n/), language)
      .map((entry) => entry.text)
      .join('\n'),
  );
}
