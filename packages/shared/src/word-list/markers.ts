import type { Ordinal, Piece } from './piece.js';

/* List markers: "1.", "2)", "(3)", "①", "a.", "B)", "一、", bullets; and what OCR makes of them. */

const CHINESE_NUMERALS = '一二三四五六七八九十';
/**
 * Tamil digits (௦ to ௯): Tesseract's Tamil model reads a list's "0" as "௦" ("1௦. விதை" for
 * "10."), and such a sheet may print them.
 */
const TAMIL_DIGITS = '\u0BE6-\u0BEF';
const TAMIL_DIGIT = new RegExp(`[${TAMIL_DIGITS}]`, 'gu');
const TAMIL_ZERO = 0x0be6;

/**
 * One leading list marker: "1.", "2)", "3、", "１．", "(4)", "Q5", "(a)", "b)", "c.", "(iv)",
 * "一、", "（二）", bullets and dashes; also "l." and "I." (OCR's usual misreading of "1.").
 */
const MARKER = new RegExp(
  [
    `^[(（]?(?:[\\d${TAMIL_DIGITS}]{1,3}|[０-９]{1,3})\\s*[.)、．）:：,]\\s*`,
    `^[(（](?:\\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4}|[${CHINESE_NUMERALS}]{1,3})[)）]\\s*`,
    // A bracketed number whose closing bracket was not read: "(3மகிழ்ச்சி".
    `^[(（]\\d{1,3}(?=\\p{L})`,
    // Before a Tamil word, the same with its space, or its number misread as a Tamil letter or
    // digit ("(4 குரங்கு", "(க நகரம்", "(௦2 விதை"): Tesseract's Tamil model reads "(4)" so.
    `^[(（](?=[^\\s()（）]{0,2}[\\d\\p{Script=Tamil}])[^\\s()（）]{1,3}[)）]?\\s+(?=\\p{Script=Tamil})`,
    // "(l)" whose letter OCR lost or made a stroke of: "() millennium", "(|) millennium".
    `^[(（][|!/\\\\]?[)）]\\s*`,
    `^(?:[a-zA-Z]|[ivx]{1,4})[.)]\\s+`,
    // A comma for the 、 after a Chinese numeral ("七, 下雨了"): a line reader's usual misreading.
    `^[${CHINESE_NUMERALS}]{1,3}(?:[、.．]|[,，](?=\\s))\\s*`,
    `^Q\\s?\\d{1,3}\\b[.):．]?\\s*`,
    `^\\d{1,3}\\s+(?=\\p{L})`,
    // "11" with its two digits read apart, before a word ("1 1 grammar").
    `^\\d \\d\\s+(?=\\p{L})`,
    // A number run into a Chinese entry: a line reader that drops spaces ("10声音").
    `^\\d{1,3}(?=\\p{Script=Han})`,
    `^[lI|][.)]\\s+`,
    // "11." and "13." with a 1 read as a stroke, the stop kept or lost: "Il. suppose", "I3. imagine",
    // "1l. gembira".
    `^(?:[lI|](?:\\d|[lI|])|\\d[lI|])[.)]?\\s+(?=\\p{L})`,
    // "一、" or "1、" read as a stroke: "l、 学校".
    `^[lI|]、\\s*`,
    `^[•·●○◦▪■□►▶‣⁃✓✔☐]\\s*`,
    // Circled numbers (①, ⑴, ❶), and what OCR makes of them.
    `^[\\u2460-\\u249B\\u24EA-\\u24FF\\u2776-\\u2793]\\s*`,
    `^[®©@]\\s*`,
    `^[-–—*+>»~]\\s+`,
  ].join('|'),
  'u',
);

/** A numbered item further along the same line ("Q4. roti Q5. bermain"): two columns read as one line. */
const SECOND_COLUMN =
  /\s{1,}(?=(?:Q\s?)?(?:\d{1,3}|[０-９]{1,3})[.)、．）]\s*\p{L})|\s+(?=[\u2460-\u2473]\s*\p{L})/u;

/**
 * A speck of desk or page edge read before a list number ("i 5. neighbour", "Eo. 3. pear"), or
 * an item's opening bracket read as a letter ("b6) murid" for "(6) murid"; not "Q6)", a
 * question, nor "I3)", a 1 misread: that is 13).
 */
export const JUNK_BEFORE_NUMBER =
  /^(?:[^\s\d]{1,3}\s+(?=[(（]?\d{1,3}\s*[.)、．）]\s*\p{L})|[^\s\dQqIl|!(（](?=\d{1,3}\s*[)）]\s*\p{L}))/u;

const CIRCLED_FIRST = 0x2460;
/** ① to ⑳: circled numbers a list goes up to. */
const CIRCLED_COUNT = 20;

/** The item a list marker stands for, when it says one ("12)", "（三）", "b.", "⑤"). */
export function ordinalOf(marker: string): Ordinal | undefined {
  // A stroke before 、 is a misread "1、" or "一、", never the letter l.
  if (/^[lI|]、/u.test(marker)) return { kind: 'number', n: 1 };
  const core = marker
    .replace(/[\s(（).)、．）:：,，]/gu, '')
    .replace(TAMIL_DIGIT, (d) => String(d.charCodeAt(0) - TAMIL_ZERO));
  // A two-digit number with a 1 read as a stroke ("Il", "I3", "1l"); one stroke alone stays a letter.
  if (/^(?:[lI|][\dlI|]|\d[lI|])$/u.test(core))
    return { kind: 'number', n: Number(core.replace(/[lI|]/gu, '1')) };
  if (/^\d{1,3}$/u.test(core)) return { kind: 'number', n: Number(core) };
  if (/^[０-９]{1,3}$/u.test(core))
    return { kind: 'number', n: Number(core.replace(/[０-９]/gu, (d) => String(d.charCodeAt(0) - 0xff10))) };
  if (/^[a-zA-Z]$/u.test(core)) return { kind: 'letter', n: core.toLowerCase().charCodeAt(0) - 96 };
  const chinese = CHINESE_NUMERALS.indexOf(core);
  if ([...core].length === 1 && chinese >= 0) return { kind: 'number', n: chinese + 1 };
  const circled = core.codePointAt(0)! - CIRCLED_FIRST;
  if ([...core].length === 1 && circled >= 0 && circled < CIRCLED_COUNT)
    return { kind: 'number', n: circled + 1 };
  return undefined;
}

/** A letter marker OCR read twice, capital then small ("Jj. was", "Kk. said" for "j." and "k."). */
const DOUBLED_LETTER = /^([A-Z])([a-z])(?=[.)]\s)/u;
const singleLetter = (text: string) =>
  text.replace(DOUBLED_LETTER, (both, capital: string, small: string) =>
    capital.toLowerCase() === small ? small : both,
  );

/** A line without its list marker, remembering that it had one and which item it said. */
export function stripMarker(raw: string, source: number): Piece {
  // A table's border goes, not a "1." read as "|.".
  const text = singleLetter(raw.replace(/^(?:\s|\|(?![.)]))+/u, '').replace(JUNK_BEFORE_NUMBER, ''));
  const stripped = text.replace(MARKER, '');
  if (stripped === text) return { text, marked: false, source };
  const ordinal = ordinalOf(text.slice(0, text.length - stripped.length));
  return { text: stripped, marked: true, source, ...(ordinal ? { ordinal } : {}) };
}

/** A bracketed number before an entry, with or without a space before it: "(2)彩虹", "（3） rain". */
const BRACKETED_NUMBER = /\s*(?=[(（]\d{1,3}[)）]\s*\p{L})/gu;
/** Bracketed numbers one line holds to be an inline list ("(1)金鱼(2)彩虹(3)下雨"): one could be a note. */
const INLINE_NUMBERS = 2;

/**
 * A numbered line holding a second numbered item further on, as two lines; an inline list
 * numbered in brackets ("金鱼(2)彩虹(3)下雨", its first number lost or not), one line each; a
 * sentence run on into a numbered item beside it, as the two.
 */
export function splitColumns(line: string): string[] {
  const parts = line.split(BRACKETED_NUMBER).filter((part) => part.trim() !== '');
  if (parts.filter((part) => /^[(（]\d/u.test(part)).length >= INLINE_NUMBERS) {
    // The first entry whose number was lost ("金鱼(2)彩虹") is the one before the second's.
    const second = /^[(（](\d{1,3})/u.exec(parts[1] ?? '');
    if (second && !/^[(（]\d/u.test(parts[0]!) && Number(second[1]) > 1)
      parts[0] = `(${Number(second[1]) - 1}) ${parts[0]!.trim()}`;
    return parts;
  }
  if (AFTER_SENTENCE.test(line)) return line.split(AFTER_SENTENCE);
  return SECOND_COLUMN.test(line) && stripMarker(line, 0).marked ? line.split(SECOND_COLUMN) : [line];
}

/**
 * A sentence's end, then a numbered item on the same line: a story page's line read on into
 * the list beside it ("…在树上唱歌。 1.弟弟"), two columns.
 */
const AFTER_SENTENCE = /(?<=[.!?。！？]["'”’」]?)\s+(?=\d{1,3}\s*[.)、．）]\s*\p{L})/u;

/** A letter that lost its full stop ("f green" between "e. swim" and "g. lunch"). */
const BARE_LETTER = /^([a-zA-Z])\s+(?=\p{L})/u;

/**
 * In a lettered list, a line starting with the letter that comes next ("f green" after
 * "e. swim") is the next item whose "." OCR lost: numbered, it stays in the list.
 */
export function lostLetters(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of pieces) {
    const previous = out.at(-1)?.ordinal;
    const letter = piece.marked ? undefined : BARE_LETTER.exec(piece.text)?.[1];
    const n = letter ? letter.toLowerCase().charCodeAt(0) - 96 : 0;
    if (previous?.kind === 'letter' && previous.n + 1 === n)
      out.push({
        ...piece,
        text: piece.text.replace(BARE_LETTER, ''),
        marked: true,
        ordinal: { kind: 'letter', n },
      });
    else out.push(piece);
  }
  return out;
}

/** What OCR made of a list number, before its stop or bracket: "S." for 5., "qq." for 9., "+)" for 4). */
const MISREAD_NUMBER = /^[^\s.)]{1,2}[.)]\s*(?=\p{L})/u;

/**
 * In a numbered list, the line between items n - 1 and n + 1 is item n: a number OCR misread
 * as a letter ("S.guard", read "S." with its space) or as marks ("qq.durian", "+) popular")
 * is taken off and the line numbered n, so the list neither keeps the marks nor loses a place.
 */
export function lostNumbers(pieces: readonly Piece[]): Piece[] {
  return pieces.map((piece, i) => {
    const [previous, next] = [pieces[i - 1]?.ordinal, pieces[i + 1]?.ordinal];
    if (previous?.kind !== 'number' || next?.kind !== 'number' || next.n !== previous.n + 2) return piece;
    const ordinal = { kind: 'number' as const, n: previous.n + 1 };
    if (piece.marked) return piece.ordinal?.kind === 'letter' ? { ...piece, ordinal } : piece;
    const misread = MISREAD_NUMBER.exec(piece.text);
    return misread ? { ...piece, text: piece.text.slice(misread[0].length), marked: true, ordinal } : piece;
  });
}

/**
 * What Tesseract's Tamil model makes of a list number: one Tamil letter, with or without its
 * stop ("இ குரங்கு", "ரெ. முட்டை", "நெ கதவு"), or one or two digits without it, before a word.
 */
const MISREAD_TAMIL_NUMBER = new RegExp(
  `^(?:\\p{Script=Tamil}\\p{M}*\\u200C?|[\\d${TAMIL_DIGITS}]{1,2})[.,]?\\s+(?=\\p{Script=Tamil}\\p{M}*\\p{Script=Tamil})`,
  'u',
);

/**
 * In a numbered list, a Tamil line next to a numbered one whose first token is one letter (or a
 * number without its stop) is numbered: the letter is what the number was read as. A letter
 * alone is no word before another ("க நகரம்"); a one-letter word ("பூ") ends its entry.
 */
export function lostTamilNumbers(pieces: readonly Piece[]): Piece[] {
  return pieces.map((piece, i) => {
    const [previous, next] = [pieces[i - 1]?.ordinal, pieces[i + 1]?.ordinal];
    if (piece.marked || (previous?.kind !== 'number' && next?.kind !== 'number')) return piece;
    const misread = MISREAD_TAMIL_NUMBER.exec(piece.text);
    if (!misread) return piece;
    const n = previous?.kind === 'number' ? previous.n + 1 : next!.n - 1;
    return {
      ...piece,
      text: piece.text.slice(misread[0].length),
      marked: true,
      ordinal: { kind: 'number', n },
    };
  });
}

/** Whether `next`, `gap` lines after `previous`, is the item that follows them both. */
export const follows = (previous: Ordinal | undefined, next: Ordinal | undefined, gap: number): boolean =>
  previous !== undefined && next?.kind === previous.kind && next.n === previous.n + gap + 1;

/** What a misread ① leaves before a Chinese entry ("O@) 放学", ") 回家"). */
const CHINESE_LEAD_JUNK = /^(?:[^\p{Script=Han}\s]{1,4}\s+)+(?=\p{Script=Han})/u;

/**
 * The number between two Chinese entries on one line ("吃早饭 ⑥ 上学"), or what OCR made of it
 * ("吃早饭 GO 上学": a misread ②), kept by `split` as the captured group.
 */
const BETWEEN_CHINESE =
  /(?<=\p{Script=Han})\s+([^\p{Script=Han}\s\u3000-\u303F\uFF00-\uFFEF]{1,4})\s+(?=\p{Script=Han})/u;

/**
 * A row of Chinese entries read as one line ("⑤ 吃早饭 ⑥ 上学"), one piece per entry, each
 * numbered by the marker before it when OCR read one, else by the row's.
 */
export function chineseRow(piece: Piece): Piece[] {
  const parts = piece.text.split(BETWEEN_CHINESE);
  return parts.flatMap((text, i) => {
    if (i % 2 === 1) return [];
    // Junk before a Chinese entry is what OCR made of its number: the entry is numbered.
    const entry = text.replace(CHINESE_LEAD_JUNK, '');
    const ordinal = (i > 0 ? ordinalOf(parts[i - 1]!) : undefined) ?? piece.ordinal;
    return [
      { ...piece, text: entry, marked: piece.marked || entry !== text, ...(ordinal ? { ordinal } : {}) },
    ];
  });
}
