/*
 * Every number the list stage judges by, with the reason for it. Word counts are of words
 * separated by spaces (Latin and Tamil script); Chinese is counted in characters.
 */

/** The fewest numbered lines that make a numbered list (two could be a date and a page number). */
export const LIST_ENTRIES = 3;
/** Unnumbered lines a numbered list may hold in a row: an entry whose number OCR lost. */
export const UNNUMBERED_IN_LIST = 1;
/** More are allowed when the numbers around them say entries are missing there ("1." … "4."). */
export const MISSING_NUMBERS = 3;

/** A line of this many words is prose (a sentence, an instruction), never a spelling entry. */
export const PROSE_MIN_WORDS = 6;
/** Ending like a sentence ("." "!" "?") with this many words is prose: entries are not sentences. */
export const SENTENCE_END_MIN_WORDS = 3;
/** A Chinese line this long with a comma or full stop in it is prose: dictation phrases are short. */
export const PROSE_MIN_HAN_PUNCTUATED = 12;
/** A Chinese line this long is prose even without punctuation (OCR drops it). */
export const PROSE_MIN_HAN = 20;

/**
 * One item of a list separated by commas, semicolons or 、 is a word or a short phrase; a
 * longer piece means the commas are a sentence's ("One rainy day, Mia heard a sound").
 */
export const ITEM_MAX_WORDS = 3;
export const ITEM_MAX_HAN = 6;
/**
 * Items on one line make a list at three: two ("Ok, thanks", "Love, Mum") are a reply or a
 * signature unless a label ("Spelling words:") or the line before says a list follows.
 */
export const SEPARATED_ITEMS = 3;
/**
 * A page's items on this many lines make its list, as numbers would (round 19): one line of
 * items could be a sentence's list ("bring a pencil, a ruler and glue") amid a vertical list.
 */
export const SEPARATED_LIST_LINES = 2;

/**
 * "word — meaning", "word: sentence": the word side is at most this long (the longest entries
 * are phrases such as "a piece of cake"); a longer left side is a sentence with a dash in it.
 */
export const PAIR_WORD_MAX_WORDS = 4;
export const PAIR_WORD_MAX_HAN = 8;
/**
 * "word: …" keeps the word when what follows uses it (an example sentence) or is this short
 * (a meaning); a longer line that does not use it is a note ("Reminder: school closes…").
 */
export const COLON_MEANING_MAX_WORDS = 6;
/**
 * An example sentence uses its word if it holds the word's first letters, this many at most
 * (so "happily" uses "happy"), and at least the shorter count for one- and two-letter words.
 */
export const STEM_LETTERS = { min: 2, max: 4 } as const;
/**
 * A numbered list is one of words and meanings when at least this share of its lines (and a
 * list's worth) were "word — meaning"; then a numbered line without its dash, of at least
 * `LOST_DASH_WORDS` words (a word and a meaning of two or more), keeps its first word. An
 * unnumbered page is such a list when this share of its lines that are not prose are pairs:
 * the pairs are the list, and a title or the school's name above them is not (round 19).
 */
export const PAIRED_LIST_SHARE = 0.5;
export const LOST_DASH_WORDS = 3;
/** A label before a colon this long is a lead-in ("Good evening! Spelling words for Monday:"). */
export const LABEL_MIN_WORDS = 3;

/**
 * A word glossed in another script ("猫 māo", "spring 春天") keeps its own-script part when it
 * has this many letters or is most of the line: one Han character amid Latin letters
 * ("chi zgo 仁 n shang") is a misread in a pinyin line.
 */
export const GLOSSED_OWN_LETTERS = 2;

/** Below this recogniser confidence (0–100) an entry is marked doubtful for review. */
export const DOUBTFUL_CONFIDENCE = 60;
/** Entries longer than this are kept but marked doubtful: most entries are a word or two. */
export const DOUBTFUL_WORDS = 4;
export const DOUBTFUL_HAN = 8;

/**
 * Layout (only when boxes are given). A column is judged as a whole when it has this many
 * lines; fewer could be a title and a page number.
 */
export const COLUMN_MIN_LINES = 3;
/** A column whose lines are at least this share prose is a story page, title and all. */
export const STORY_SHARE = 0.5;
/**
 * A line wider than this share of the text's width spans columns (a title across a spread):
 * it is not used to find them.
 */
export const SPANNING_LINE = 0.6;
/**
 * Beside a column of words, a column of the same script whose cells are this many times as
 * long (in words) is their meanings ("brave" | "not afraid of danger").
 */
export const MEANING_COLUMN_RATIO = 2;
/** A column is the meanings of the one to its left when at least this share of its cells sit beside words. */
export const MEANINGS_BESIDE = 0.5;
/** Chinese characters that weigh as one word when cells are compared by length (most words are two). */
export const HAN_PER_WORD = 2;
/** Two boxes are on one row when they overlap by this share of the lower one's height. */
export const SAME_ROW_OVERLAP = 0.5;
/**
 * A fill-in sentence cut at its blank (cut-rows.ts): its next piece starts at most this many
 * row heights after the last ends (a blank to write a word or two in, as the scanner's own
 * answer blanks); farther is another column.
 */
export const CUT_BLANK_MAX = 12;
/** Its boxes may overlap by this share of a row's height: a detector's boxes are padded. */
export const CUT_OVERLAP = 0.5;
/**
 * A blank nobody read (a thin rule): the pieces of a numbered sentence at least this many row
 * heights apart (the lower piece's: a long piece tilted on a photo boxes taller), wider than any
 * word space (a detector keeps a sentence's words in one box). A ten-underscore blank is about
 * two; 1.5 since round 24 (a booklet's blank measured 1.96).
 */
export const UNREAD_BLANK_MIN = 1.5;

/**
 * In a chat, a line whose left edge is this share of the text's width from the line before's
 * is in a bubble on the other side (a reply, "好的"): another message. A bubble's own lines
 * start at one edge; a centred day separator is chrome either way.
 */
export const CHAT_SIDE_SHIFT = 0.25;

/**
 * An empty list is put down to the wrong language when, read without one, the page gives at
 * least this many entries: one could be a stray mark read as a letter.
 */
export const WRONG_LANGUAGE_ENTRIES = 2;
