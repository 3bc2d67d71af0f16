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
const SPACE_IN_CHINESE = new RegExp(`(?<=[${HAN}${CJK_PUNCTUATION}])\\s+(?=[${HAN}${CJK_PUNCTUATION}])`, 'gu');

const CHINESE_NUMERALS = '一二三四五六七八九十';
/**
 * One leading list marker: "1.", "2)", "3、", "１．", "(4)", "Q5", "(a)", "b)", "c.", "(iv)",
 * "一、", "（二）", bullets and dashes; also "l." and "I." (OCR's usual misreading of "1.").
 */
const MARKER = new RegExp(
  [
    `^[(（]?(?:\\d{1,3}|[０-９]{1,3})\\s*[.)、．）:：,]\\s*`,
    `^[(（](?:\\d{1,3}|[a-zA-Z]|[ivxIVX]{1,4}|[${CHINESE_NUMERALS}]{1,3})[)）]\\s*`,
    `^(?:[a-zA-Z]|[ivx]{1,4})[.)]\\s+`,
    `^[${CHINESE_NUMERALS}]{1,3}[、.．]\\s*`,
    `^Q\\s?\\d{1,3}\\b[.):]?\\s*`,
    `^\\d{1,3}\\s+(?=\\p{L})`,
    `^[lI|][.)]\\s+`,
    `^[•·●○◦▪■□►▶‣⁃✓✔☐]\\s*`,
    `^[-–—*+>»~]\\s+`,
  ].join('|'),
  'u',
);

/** A numbered item further along the same line: two columns that OCR read as one line. */
const SECOND_COLUMN = /\s{1,}(?=(?:\d{1,3}|[０-９]{1,3})[.)、．）]\s*\p{L})/u;

/** Form fields at the top of a sheet, in the four languages: "Name:", "班级：", "Tarikh:"... */
const FORM_LABEL =
  /^(?:name|class|date|score|marks?|total|signature|parent'?s? signature|index(?: no\.?)?|no\.|nama|kelas|tarikh|markah|tandatangan|姓名|名字|班级|班別|班级|日期|分数|得分|学号|家长签名|பெயர்|வகுப்பு|தேதி|திகதி|மதிப்பெண்)\s*[:：;]/iu;

/** Headings of spelling lists; such a line is a title, not something to practise. */
const HEADING =
  /\b(?:spelling|dictation|word list|weekly words|(?:week|term|lesson|unit|chapter)\s*\d+)\b|\b(?:ejaan|imlak|senarai perkataan|minggu\s*\d+|penggal\s*\d+)\b|听写|默写|词语表|生字表|第[\d一二三四五六七八九十]{1,3}课|சொல்வதெழுதுதல்|சொற்பட்டியல்|எழுத்துக்கூட்டல்/iu;

/** Blank answer lines, table borders and stray punctuation around an entry. */
const EDGE_JUNK = /^[\s|_.,;:'"`“”‘’]+|[\s|_.,;:'"`“”‘’·…，。、；：~-]+$/gu;

interface Line {
  text: string;
  marked: boolean;
}

function stripMarker(raw: string): Line {
  const text = raw.replace(/^[\s|]+/u, '');
  const stripped = text.replace(MARKER, '');
  return { text: stripped, marked: stripped !== text };
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
  return stripMarker(line).marked ? line.split(SECOND_COLUMN) : [line];
}

/** OCR text to a clean word list, in the order read. */
export function cleanWordList(ocrText: string): string[] {
  const lines = ocrText
    .split(/\r?\n/)
    .map((line) => normaliseWord(line).replace(SPACE_IN_CHINESE, ''))
    .flatMap(splitColumns)
    .map(stripMarker)
    .filter((line) => !isFormLine(line.text) && !HEADING.test(line.text))
    .map((line) => ({ ...line, text: line.text.replace(EDGE_JUNK, '') }))
    .filter((line) => !isNoise(line.text));

  // On a numbered sheet, unnumbered lines above the first entry are its title and notes.
  const marked = lines.filter((line) => line.marked).length;
  const first = lines.findIndex((line) => line.marked);
  const entries = marked >= 3 ? lines.slice(first) : lines;
  return parseWordList(entries.map((line) => line.text).join('\n'));
}
