import type { Language } from '../languages.js';
import { WORDS_MAX } from '../messages.js';
import { normaliseWord } from '../text.js';
import { isAppLabel, isChatName, isChatOnlyChrome, isChatSender, isChatTime, saysChat } from './chat.js';
import { layoutDrops, readingOrder } from './layout.js';
import { introduced, longestMessage } from './chat-messages.js';
import { itemSpan, listSpan, numberedEntries, withLostFirst, wrappedEnd } from './list-span.js';
import { lostBorders, lostDashes, lostSpaces, pairedSpan } from './pairs.js';
import { joinCutRows } from './cut-rows.js';
import {
  chineseRow,
  JUNK_BEFORE_NUMBER,
  lostLetters,
  lostNumbers,
  lostTamilNumbers,
  splitColumns,
  stripMarker,
} from './markers.js';
import { wordOfLine } from './meaning.js';
import { isDate, isFormLine, isHeaderRow, isHeading, isPageChrome } from './page-chrome.js';
import type { Piece } from './piece.js';
import { isFillIn, isProse, wordCount } from './prose.js';
import { isHanGroups, joinChinese, joinWrappedItems, ownScriptPart } from './scripts.js';
import { splitItems } from './separators.js';
import {
  CHAT_SIDE_SHIFT,
  DOUBTFUL_CONFIDENCE,
  DOUBTFUL_HAN,
  DOUBTFUL_WORDS,
  LIST_ENTRIES,
  WRONG_LANGUAGE_ENTRIES,
} from './thresholds.js';
import type { ListEmptyReason, ListEntry, RecognisedLine, UnderstoodList } from './types.js';

/*
 * The list stage: the lines a recogniser read on a photo, to the entries of the word list on
 * it. Each line loses its list marker and what the page prints around the list (form fields,
 * titles, a chat's labels), a word keeps only itself of "word — meaning", a line of words
 * separated by commas becomes several; then the list is chosen among what is left: the
 * numbered list if there is one, else in a chat the lines a label introduces, else every line
 * that is not prose.
 */

/**
 * Blank answer lines, table borders and stray punctuation around an entry (a closing bracket
 * first is what is left of "9)"); an opening bracket never closed, first (a number's,
 * "(பயணம்") or last (an answer blank's, "continue  (").
 */
const EDGE_JUNK =
  /^[\s|_.,;:'"`“”‘’。，、*·．)）]+|^[(（](?=[^)）]*$)|[\s|_.,;:'"`“”‘’·…，。、；：~(（।-]+$/gu;
/** Empty brackets after an entry, where the child writes its pinyin ("星星（ ）"). */
const ANSWER_BRACKETS = /\s*[(（]\s*[)）]\s*$/u;
/** A table's number cell ("| 3 | fragile | …"): the row's list number. */
const NUMBER_CELL = /^[|｜]?\s*(\d{1,3})\s*[|｜]\s*/u;
/** A question or an exclamation's end. */
const REPLY_END = /[?!？！]["'”’)）]*$/u;
/**
 * A colon read after a line's last separator ("position; guard;:", a screen's grain): the line
 * goes on to the next, and is no label ending in a colon.
 */
const COLON_AFTER_SEPARATOR = /([,;，；、])\s*[:：]+\s*$/u;
/** Characters no spelling entry has: a misread, or something that is not a word. */
const ODD = /[\d@#$%^&*_=+<>{}[\]|\\/~]/u;

/** Lines with no letters ("____", "12/03/2025", "———") or one stray non-Chinese letter. */
function isNoise(text: string): boolean {
  if (!/\p{L}/u.test(text)) return true;
  return [...text].length === 1 && !/\p{Script=Han}/u.test(text);
}

/**
 * How far apart two lines' left edges are, at least, when they are in bubbles on the two sides
 * of a chat (a share of the text's width), or undefined without boxes.
 */
function chatSides(lines: readonly RecognisedLine[]): number | undefined {
  const boxes = lines.flatMap((line) => (line.box ? [line.box] : []));
  if (boxes.length === 0) return undefined;
  const width = Math.max(...boxes.map((b) => b.x1)) - Math.min(...boxes.map((b) => b.x0));
  return CHAT_SIDE_SHIFT * width;
}

/** The pieces of the page that could be entries, in reading order, and what the page is. */
function readPieces(lines: readonly RecognisedLine[], language: Language | undefined) {
  const normalised = lines.map((line) => normaliseWord(line.text));
  const joined = normalised.map((text, i) => joinChinese(text, i > 0 && isHanGroups(normalised[i - 1]!)));
  const dropped = layoutDrops(lines, language);
  const order = readingOrder(lines).filter((source) => !dropped.has(source));
  const texts = [...joined];
  // A stray mark read between two lines of a bubble (an avatar's edge as "E") does not part
  // a word its wrap cut in two.
  const wrapping = order.filter((source) => !isNoise(joined[source]!));
  joinWrappedItems(wrapping.map((source) => joined[source]!)).forEach(
    (text, i) => (texts[wrapping[i]!] = text),
  );
  const chrome = texts.map((text) => isChatTime(text) || isAppLabel(text));
  const chat = texts.some(saysChat);
  const pieces: Piece[] = [];
  let chatBreak = false;
  /** Every break since the last piece was a time: the same sender's next bubble. */
  let timeOnly = true;
  let leadIn = false;
  let listBefore = false;

  const push = (piece: Piece) => {
    pieces.push({
      ...piece,
      ...(chatBreak ? { breakBefore: true, ...(timeOnly ? { timeOnly: true } : {}) } : {}),
      ...(leadIn ? { afterLeadIn: true } : {}),
    });
    chatBreak = false;
    timeOnly = true;
    leadIn = false;
  };
  /** Another message starts: after a time alone (`time`), or a name, a label, another side. */
  const breakChat = (time = false) => {
    chatBreak = true;
    timeOnly &&= time;
    listBefore = false;
  };

  const readPart = (read: string, source: number, wholeLine: boolean) => {
    const whole = read.replace(COLON_AFTER_SEPARATOR, '$1');
    // Judged whole: "4:32 ptg" is a time, not an entry "32 ptg" numbered "4:".
    if (wholeLine ? chrome[source] : isChatTime(whole) || isAppLabel(whole)) {
      breakChat(!isAppLabel(whole));
      return;
    }
    if (isDate(whole)) return;
    const piece = stripMarker(whole.replace(NUMBER_CELL, '$1. '), source);
    const confidence = lines[source]!.confidence;
    if (confidence !== undefined) piece.confidence = confidence;
    const { text } = piece;
    const pair = wordOfLine(text.replace(ANSWER_BRACKETS, ''), language);
    // A message that introduces its list ("Hi parents! Spelling words: a, b") is never the
    // chat's own chrome, though it names the group's members; nor are the list's items
    // ("harvest, group, different").
    const listed = pair.afterLabel || splitItems(pair.text, listBefore) !== undefined;
    // Right after a label ("Spelling for Friday:") a word the app also uses ("group") is the
    // list's first entry; only a sender's name is chrome there.
    const chatChrome = !piece.marked && !listed && (leadIn ? isChatName(text) : isChatOnlyChrome(text));
    if (chat && (chatChrome || isChatSender(whole))) {
      breakChat();
      return;
    }
    if (isFormLine(text) || (!piece.marked && isHeaderRow(text))) return;
    if (isFillIn(text)) {
      listBefore = false;
      return;
    }
    if (pair.drop) return;
    if (!pair.afterLabel) {
      // A numbered single word is an entry even if titles use it ("3. vocabulary").
      const oneWord = piece.marked && /^[\p{L}\p{M}'’-]+$/u.test(text);
      if (/[:：]$/u.test(text) || (isHeading(text) && !oneWord)) {
        leadIn = true;
        return;
      }
      if (isPageChrome(text)) return;
    }
    const items = splitItems(pair.text, pair.afterLabel || listBefore);
    // One phrase of several words after a label, not a list nor continued on the next line,
    // is the sheet's topic ("Kosa Kata: Haiwan di Ladang"), not an entry.
    if (pair.afterLabel && !items && wordCount(pair.text) >= 2 && !/[,;，；、]\s*$/u.test(pair.text)) return;
    listBefore = items !== undefined;
    const paired = !pair.afterLabel && pair.text !== text.replace(ANSWER_BRACKETS, '');
    for (const part of items ?? [pair.text]) {
      const base: Piece = { ...piece, text: part, ...(items ? { item: true } : paired ? { paired } : {}) };
      for (const row of language === 'Chinese' ? chineseRow(base) : [base]) {
        const own = ownScriptPart(row.text.replace(EDGE_JUNK, ''), language);
        const clean = own?.replace(EDGE_JUNK, '');
        if (clean === undefined || isNoise(clean)) continue;
        // In a chat, a bubble that asks or exclaims is a reply ("明天几点？", "谢谢老师！").
        push({ ...row, text: clean, prose: isProse(row.text) || (chat && REPLY_END.test(row.text)) });
      }
    }
  };

  const side = chatSides(lines);
  let lastLeft: number | undefined;
  for (const source of order) {
    // In a chat, a line that starts on the other side of the screen is another's bubble. A
    // bubble's time sits at its right end, so times are no side: only lines with letters are
    // compared (a time misread as "8" or ":5780" is no bubble of its own).
    const left = chrome[source] || !/\p{L}/u.test(texts[source]!) ? undefined : lines[source]!.box?.x0;
    if (chat && side !== undefined && left !== undefined && lastLeft !== undefined) {
      if (Math.abs(left - lastLeft) > side) breakChat();
    }
    if (left !== undefined) lastLeft = left;
    const parts = splitColumns(texts[source]!.replace(JUNK_BEFORE_NUMBER, ''));
    for (const part of parts) readPart(part, source, parts.length === 1);
  }
  return { pieces: lostSpaces(lostDashes(lostTamilNumbers(lostNumbers(lostLetters(pieces))))), chat };
}

function choose(pieces: readonly Piece[], chat: boolean): { chosen: Piece[]; guessed: boolean } {
  const found = listSpan(pieces);
  const span = found && withLostFirst(pieces, found);
  const items = pieces.filter((piece) => piece.item && !piece.prose);
  if (span) {
    const numbered = numberedEntries(pieces, span);
    const chosen = pieces.filter((piece) => numbered.includes(piece) || items.includes(piece));
    return {
      chosen: chosen.map((piece) => (piece.marked || piece.item ? piece : { ...piece, doubtful: true })),
      guessed: false,
    };
  }
  const pairs = chat ? undefined : pairedSpan(pieces);
  if (pairs) {
    // A line between two pairs without its meaning (a dash OCR lost) stays, for review.
    const chosen = pieces.filter(
      (piece, i) => !piece.prose && ((i >= pairs[0] && i <= pairs[1]) || items.includes(piece)),
    );
    return {
      chosen: chosen.map((piece) => (piece.paired || piece.item ? piece : { ...piece, doubtful: true })),
      guessed: false,
    };
  }
  const separated = chat ? undefined : itemSpan(pieces);
  if (separated) {
    const [first, last] = separated;
    const end = wrappedEnd(pieces, last);
    const chosen = pieces.filter((piece, i) => !piece.prose && i >= first && i <= end);
    return {
      chosen: chosen.map((piece) => (piece.item ? piece : { ...piece, doubtful: true })),
      guessed: false,
    };
  }
  if (chat) {
    const run = introduced(pieces);
    const lastItem = pieces.findLastIndex((piece) => piece.item && !piece.prose);
    const end = lastItem < 0 ? -1 : wrappedEnd(pieces, lastItem);
    const tail = end > lastItem ? [pieces[end]!] : [];
    const chosen = pieces.filter(
      (piece) => run.includes(piece) || items.includes(piece) || tail.includes(piece),
    );
    if (chosen.length > 0) return { chosen, guessed: false };
    // A bubble of words with nothing to introduce it: the message with the most lines that
    // are not prose; the others are replies ("Noted", "Thank you teacher").
    const message = longestMessage(pieces);
    if (message) return { chosen: message, guessed: true };
  }
  // No list structure: every line that is not prose, marked for review when the page had
  // prose or chat in it, since then the guess may have kept some of it; unless the lines kept
  // are one run right after a heading that says a list follows (a word bank above fill-in
  // sentences, a story page beside it): the page itself said where its list is.
  const chosen = pieces.filter((piece) => !piece.prose);
  const guessed = chat || (pieces.some((piece) => piece.prose) && !headedRun(pieces, chosen));
  return { chosen, guessed };
}

/** `chosen`, at least a list's worth, all follow a heading ("Word bank") with no prose among them. */
function headedRun(pieces: readonly Piece[], chosen: readonly Piece[]): boolean {
  if (chosen.length < LIST_ENTRIES || !chosen[0]!.afterLeadIn) return false;
  const [first, last] = [pieces.indexOf(chosen[0]!), pieces.indexOf(chosen.at(-1)!)];
  return pieces.slice(first, last + 1).every((piece) => !piece.prose);
}

function isDoubtful(piece: Piece & { doubtful?: boolean }, guessed: boolean): boolean {
  const han = piece.text.match(/\p{Script=Han}/gu)?.length ?? 0;
  return (
    guessed ||
    piece.doubtful === true ||
    (piece.confidence !== undefined && piece.confidence < DOUBTFUL_CONFIDENCE) ||
    ODD.test(piece.text) ||
    wordCount(piece.text) > DOUBTFUL_WORDS ||
    han > DOUBTFUL_HAN
  );
}

function findEntries(input: readonly RecognisedLine[], language: Language | undefined): ListEntry[] {
  // A fill-in sentence cut at its blank is one line again, so it is seen as a fill-in.
  const { lines, sources } = joinCutRows(input);
  const { pieces, chat } = readPieces(lostBorders(lines), language);
  const { chosen, guessed } = choose(pieces, chat);
  const seen = new Set<string>();
  const entries: ListEntry[] = [];
  for (const piece of chosen) {
    const text = normaliseWord(piece.text);
    const key = text.toLocaleLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    entries.push({
      text,
      source: sources[piece.source]!,
      doubtful: isDoubtful(piece, guessed),
      ...(piece.marked && piece.ordinal ? { item: piece.ordinal.n } : {}),
    });
    // A little above the limit, so validation can still say "too many" without a huge list.
    if (entries.length > WORDS_MAX) break;
  }
  return entries;
}

function whyEmpty(lines: readonly RecognisedLine[], language: Language | undefined): ListEmptyReason {
  if (!lines.some((line) => /\p{L}/u.test(line.text))) return 'no-text';
  if (language && findEntries(lines, undefined).length >= WRONG_LANGUAGE_ENTRIES) return 'wrong-language';
  return 'no-list';
}

/**
 * The word list on a photo, from the lines a recogniser read on it (text, confidence, box,
 * and the detector's order and columns when it gives them) and the set's language: each
 * entry with the line it came from and whether the review step should ask about it; no
 * entries and the reason when the photo holds no list. Without a language every script stays.
 */
export function understandList(lines: readonly RecognisedLine[], language?: Language): UnderstoodList {
  const entries = findEntries(lines, language);
  return entries.length > 0 ? { entries } : { entries, emptyReason: whyEmpty(lines, language) };
}

/**
 * Whether the list's own numbering says an entry is missing: the numbers of the entries
 * numbered by their markers ("1.", "b)", "三、"), at least a list's worth of them, are not
 * 1, 2, 3… each once (in any order: two columns are read row by row). A reader that lost a
 * line (or misread a marker) leaves such a gap; an unnumbered list says nothing either way.
 */
export function numberingGap(entries: readonly ListEntry[]): boolean {
  const items = entries.flatMap((entry) => (entry.item === undefined ? [] : [entry.item]));
  if (items.length < LIST_ENTRIES) return false;
  return items.sort((a, b) => a - b).some((item, i) => item !== i + 1);
}
