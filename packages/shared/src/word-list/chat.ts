/*
 * A chat screenshot's own labels, in the apps' English, Malay and Chinese: times, the status
 * bar, read receipts, the message box, names, the group's title, day separators.
 */

/** A time or read ticks: "7:58 pm", "58 pm", "20:15", "4:32 ptg", "下午3:20", "Read 8:15 PM", ✓✓. */
const TIME =
  /(?:^|\s)\d{1,2}(?:[:.]\d{2})?\s*(?:[ap]\.?\s?m\.?|ptg|pg)(?:\s|$)|(?:^|\s)\d{1,2}:\d{2}(?:\s|$)|(?:上午|下午|中午|晚上|凌晨|早上)\s*\d{1,2}[:：]\d{2}|✓✓/iu;

/** The status bar's battery and network: "87%", "4G", "LTE". */
const STATUS = /\d{1,3}\s?%|\b(?:[345]G|LTE)\b/iu;

/** The message box, typing and receipts, worded as no list is: they mark a chat anywhere. */
const APP_LABEL =
  /^(?:type a message|write a message|text message|imessage|taip mesej|tulis mesej|输入消息|发消息|按住\s*说话|(?:.+\s)?(?:is\s+)?typing(?:…|\.{3})|(?:.+\s)?sedang menaip(?:…|\.{3})?|.*正在输入(?:…|\.{3})?|已读|未读|last seen\b.*|terakhir dilihat\b.*)$/iu;

/** The app's one-word labels, which could be entries too ("message", "online"): only in a chat. */
const APP_WORD =
  /^(?:message|messages|mesej|send|hantar|reply|balas|online|dalam talian|在线|发送|seen|delivered|read|dibaca)$/iu;

/**
 * Day separators: words a list may hold too ("today", "今天", "星期三"), so they count only in a
 * chat. WeChat names a day of the last week by its weekday.
 */
const DAY =
  /^(?:today|yesterday|hari ini|semalam|kelmarin|今天|昨天|前天|(?:星期|礼拜|周)[一二三四五六日天]|இன்று|நேற்று|(?:mon|tues|wednes|thurs|fri|satur|sun)day|isnin|selasa|rabu|khamis|jumaat|sabtu|ahad)$/iu;

/** WhatsApp's sender who is not a contact: "~ Priya", "~Ahmad Ali". */
const NOT_A_CONTACT = /^~\s*\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)?$/u;

/** A capitalised name of one or two words: "Tan", "Jia Hui". */
const PROPER = /^\p{Lu}[\p{L}'’.-]*(?:\s+\p{Lu}[\p{L}'’.-]*)?$/u;
const TITLE =
  /^(?:mrs?|ms|mdm|miss|madam|dr|cikgu|cg|teacher|aunty|auntie|uncle|puan|encik|cik|tuan|ibu|bapa)\.?\s+/iu;
const PARENT_OF = /['’]s\s+(?:mum|mom|mummy|mommy|mother|dad|daddy|father|papa|mama)$/iu;
/** A Chinese name and 老师 or a parent: "王老师", "小明妈妈". */
const CHINESE_NAME = /^\p{Script=Han}{1,4}(?:妈妈|爸爸|家长|老师)$/u;

/**
 * A sender's name: a title and a name ("Mrs Tan", "Cikgu Aminah", "Teacher Amy"), someone's
 * parent ("Ryan's Mum", "小明妈妈"), or a Chinese name and 老师 ("王老师").
 */
function isName(text: string): boolean {
  const titled = TITLE.exec(text);
  if (titled) return PROPER.test(text.slice(titled[0].length));
  if (PARENT_OF.test(text)) return PROPER.test(text.replace(PARENT_OF, ''));
  return CHINESE_NAME.test(text);
}

/**
 * The chat's title and members: "P3 Merlion Parents 2026", "二年级3班家长群(42)",
 * "Mrs Koh, Aunty May, +31", "< Class 4B".
 */
const GROUP =
  /\b(?:parents|group|class chat|ibu bapa|kumpulan)\b|家长群|群聊|\(\d{1,3}\)$|（\d{1,3}）$|\+\d{1,3}$|^[<‹←]\s*\S/iu;

/** The title's words that are also a list's: alone on a line, they are a bubble's word. */
const LIST_WORD = /^(?:group|parents|kumpulan)$/iu;

/**
 * A time or the status bar: in a chat, chrome and the end of a message. Any of these in a line
 * makes it chrome.
 */
export const isChatTime = (text: string): boolean =>
  /[\d✓]/u.test(text) && (TIME.test(text) || STATUS.test(text));

/**
 * A line that says the page is a chat: a time, read ticks, or the app's own labels. A battery
 * or network level alone does not: it is on any phone's screen, and "56%" is also a
 * document's zoom on a laptop's (a table of words and meanings was read as a chat by it).
 */
export const saysChat = (text: string): boolean =>
  (/[\d✓]/u.test(text) && TIME.test(text)) || isAppLabel(text);

/** A line that is one of the app's own labels, which say the page is a chat wherever they are. */
export const isAppLabel = (text: string): boolean => APP_LABEL.test(text.trim());

/** A line judged before its list marker is taken off: "~ Priya" is a sender, not an entry. */
export const isChatSender = (text: string): boolean => NOT_A_CONTACT.test(text);

/**
 * Chrome that counts only once the page is known to be a chat: names, titles, day separators.
 * A title says more than "group" or "parents" alone, which is a word of a list sent a word a
 * bubble.
 */
export const isChatOnlyChrome = (text: string): boolean =>
  DAY.test(text) || isName(text) || (GROUP.test(text) && !LIST_WORD.test(text)) || APP_WORD.test(text);

/** A sender's name: chrome even right after a label, where "group" or "today" is a word. */
export const isChatName = (text: string): boolean => isName(text);
