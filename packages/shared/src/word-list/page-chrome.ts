/*
 * What a worksheet prints around its list, in the four languages: form fields, titles,
 * school names, page numbers, instructions, a table's header row, a screen's menus.
 */

/** Form fields at the top of a sheet: "Name:", "班级：", "Tarikh:", "வகுப்பு..."… */
const FORM_LABEL =
  /^(?:(?:parent'?s?|ibu bapa|penjaga|பெற்றோர்)\s+)?(?:name|class|date|score|marks?|total|signature|parent'?s? signature|index(?: no\.?)?|no\.|nama|kelas|tarikh|markah|tandatangan|姓名|名字|班级|班別|日期|分数|得分|学号|家长签名|பெயர்|வகுப்பு|தேதி|திகதி|மதிப்பெண்|கையொப்பம்)(?![\p{L}\p{M}])[^:：;\d]{0,24}(?:[:：;]|\.{2,}|…|_{2,})/iu;

/** A form line: a field label, or several "label:" on one line ("Name: Class: Date:"). */
export function isFormLine(text: string): boolean {
  const colons = text.match(/[:：]/gu)?.length ?? 0;
  return FORM_LABEL.test(text) || colons >= 2;
}

/**
 * Titles of spelling lists: "Spelling List 5", "Week 3", "Term 2", "Unit 4", "听写（三）",
 * "第五课", "Ejaan Minggu 4", "சொல்வதெழுதுதல்". Chinese exercise instructions are a verb, 一,
 * the verb again ("写一写" write it, "读一读 写一写").
 */
const HEADING =
  /^(?:(\p{Script=Han})一\1\s*)+(?![\p{L}])|\b(?:spellings?|dictation|word list|weekly words|vocabulary|revision|word bank|word box|words to learn|(?:week|term|lesson|unit|chapter|list)\s*\d+)\b|\b(?:ejaan|imlak|senarai perkataan|latihan|minggu\s*\d+|penggal\s*\d+|unit\s*\d+)\b|听写|默写|词语表|生字表|词语盒子?|词语库|词库|第[\d一二三四五六七八九十]{1,3}[课周单]|சொல்வதெழுதுதல்|சொற்பட்டியல்|எழுத்துக்கூட்டல்|வாரம்\s*\d+/iu;

/** A line naming a year, a class or a grade: "Primary 3 English", "P4", "二年级华文", "Darjah 2". */
const GRADE = /^(?:primary|pri|darjah|tahun|grade|year)\s*\d\b|^P\d\b|[一二三四五六\d]年级/iu;

/**
 * A school's name: "Greenridge Primary School", "Sekolah Rendah Taman Jurong", "南湖小学"; a
 * Malay school's subject panel ("Panitia Bahasa Melayu") or a Chinese one's credit ("华文组 编",
 * "语文科编写", as "English Dept"); a Tamil school ("… தமிழ்ப் பள்ளி"),
 * whose last word alone is a spelling word.
 */
const SCHOOL =
  /\b(?:primary|secondary|high|international|national|public)\s+school\b|^sekolah\s+(?:rendah|kebangsaan|menengah|jenis)\b|^panitia\s+\p{L}|(?:\S+\s+){2,}பள்ளி\.?$|\p{Script=Han}{2,}[小中]学|^\p{Script=Han}{1,4}[组科]\s*编[写制印]?$/iu;

/**
 * A school named without "School" ("Maple Hill Primary", "St. Mary's Primary"), and a
 * department's footer ("Greenfield Primary · English Dept"): a name before "Primary", which
 * as a spelling word stands alone or first.
 */
const SCHOOL_NAME = /\p{Lu}[\p{L}'’.]*\s+(?:Primary|Secondary)\b|\s(?:[Dd]ept\.?|[Dd]epartment)$/u;

/** A page number or a publisher's line: "Page 2", "Page 1 of 3", "Muka surat 4", "第3页", "© 2024". */
const PAGE =
  /^(?:page|pg\.?|muka surat|halaman|பக்கம்)\s*\d+\b|^第?\s*\d+\s*页$|^©\s*\d{4}|^(?:copyright|hak cipta)\b/iu;

const MONTH =
  '(?:jan(?:uary|uari)?|feb(?:ruary|ruari)?|mar(?:ch)?|mac|apr(?:il)?|may|mei|jun[ea]?|jul(?:y|ai)?|aug(?:ust)?|ogos|sep(?:t(?:ember)?)?|oct(?:ober)?|okt(?:ober)?|nov(?:ember)?|dec(?:ember)?|dis(?:ember)?)';
/**
 * A date on its own: "12 March 2025", "March 12, 2025", "Monday, 3 March", "2025年3月12日",
 * "3月12日" (OCR may space it: "3 月14日"). A month alone ("March", "May") can be a spelling word; with a day it is a date.
 */
const DATE = new RegExp(
  `^(?:\\p{L}+,?\\s+)?(?:\\d{1,2}(?:st|nd|rd|th)?\\s+${MONTH}\\.?|${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?)(?:,?\\s+\\d{4})?$|^(?:\\d{4}\\s*年\\s*)?\\d{1,2}\\s*月\\s*\\d{1,2}\\s*[日号]`,
  'iu',
);

/** A date, judged on the whole line: its day would otherwise be taken for a list number. */
export const isDate = (text: string): boolean => DATE.test(text);

/**
 * What a screen or a document shows around the list: an address (its scheme or domain, or a
 * path: letters joined by a slash with a dot, a dash or another slash, as an address bar read
 * through a photo's blur gives "schooponaedues/speng-st"; not "realise/realize"), a menu bar.
 */
const SCREEN =
  /(?:https?:\/\/|www\.|\.(?:com|org|net|sg|my|edu)\b|\p{L}\/(?=\S*[.\-/])\S*\p{L}|\p{L}[.\-/]\S*\p{L}\/\p{L})/iu;
const MENU_WORDS = new Set([
  'file',
  'edit',
  'view',
  'insert',
  'format',
  'tools',
  'help',
  'history',
  'bookmarks',
  'window',
]);
const MENU_HINT = /\b(?:file|edit|view)\b/iu;
/** A menu bar has this many of its words in a row. */
const MENU_BAR_WORDS = 3;

/**
 * An instruction to the child: an imperative at the start and a full stop, "!" or ":" at the
 * end ("Fill in the blanks.", "Learn these words:", "Isikan tempat kosong."), or a Chinese
 * exercise name ("选词填空"), or how often to write or read each word ("每个词语写三遍").
 */
const INSTRUCTION =
  /^(?:fill|copy|write|read|learn|complete|circle|match|spell|practi[sc]e|look|underline|choose|say|isikan|tulis|salin|baca|lengkapkan|bina|padankan|pilih|எழுது|படி)\b.*[.:!：]$|填空|抄写|造句|连线|选词|[写读抄][一二三两四五\d]遍/iu;

/** The header row of a word table: every word of it is a header ("No. | Word | Meaning"). */
const HEADER_WORD =
  /^(?:no\.?|bil\.?|words?|meanings?|spelling|maksud|erti|perkataan|sentences?|ayat|pinyin|chinese|english|tamil|malay|词语|生字|拼音|意思|解释|英文|华文|சொல்|பொருள்|எண்)$/iu;

/** Chinese header cells run together when a reader drops the space between them ("序号词语"). */
const CHINESE_HEADERS = /序号|题号|词语|生字|拼音|意思|解释|英文|华文/gu;

export function isHeaderRow(text: string): boolean {
  if (/^\p{Script=Han}+$/u.test(text) && text.replace(CHINESE_HEADERS, '') === '' && [...text].length > 2)
    return true;
  const words = text.split(/[\s|｜]+/u).filter((w) => /\p{L}/u.test(w));
  return words.length > 0 && words.every((w) => HEADER_WORD.test(w.replace(/[:：.]$/u, '') || w));
}

/** A title or heading, which may introduce the list that follows. */
export const isHeading = (text: string): boolean => HEADING.test(text) || GRADE.test(text);

/** The spelling routine many sheets print at the top: "Look, say, cover, write, check". */
const LOOK_SAY_COVER = /^look\W+say\W+cover\W+write\W+check\W*$/iu;

/** Print around the list that never introduces it. */
export function isPageChrome(text: string): boolean {
  if (LOOK_SAY_COVER.test(text)) return true;
  if (
    SCHOOL.test(text) ||
    SCHOOL_NAME.test(text) ||
    PAGE.test(text) ||
    SCREEN.test(text) ||
    INSTRUCTION.test(text)
  )
    return true;
  if (!MENU_HINT.test(text)) return false;
  const words = text.toLowerCase().split(/\s+/u);
  return words.filter((w) => MENU_WORDS.has(w)).length >= MENU_BAR_WORDS;
}
