/** Where a line was found, in any unit as long as every line of the page uses the same one. */
export interface ListLineBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** One line as the recogniser read it. */
export interface RecognisedLine {
  text: string;
  /** How sure the recogniser was, 0 to 100. */
  confidence?: number;
  box?: ListLineBox;
  /** The detector's reading order, when it gives one (lines are read in input order otherwise). */
  order?: number;
  /** The detector's column, 0 leftmost, when it found columns. */
  column?: number;
}

/** One entry of the list found: its text, the input line it came from, whether to check it. */
export interface ListEntry {
  text: string;
  /** Index in the input array of the line the entry came from. */
  source: number;
  /** The stage guessed (a number OCR lost, an odd character, low confidence): the review step asks. */
  doubtful: boolean;
  /** Which item of the list its marker says it is: 3 for "3.", "c)", "③" or "三、". */
  item?: number;
}

/**
 * Why no entry was found: nothing was read ("no-text"), a list was found but in another script
 * than the set's language ("wrong-language"), or what was read is not a list ("no-list").
 */
export const LIST_EMPTY_REASONS = ['no-text', 'wrong-language', 'no-list'] as const;
export type ListEmptyReason = (typeof LIST_EMPTY_REASONS)[number];

export const LIST_EMPTY_MESSAGES: Record<ListEmptyReason, string> = {
  'no-text': 'No words were found in this photo.',
  'wrong-language':
    'The words on this page do not look like the language chosen. Check the language and scan again.',
  'no-list': 'No word list found in this photo.',
};

export interface UnderstoodList {
  entries: ListEntry[];
  /** Set exactly when `entries` is empty. */
  emptyReason?: ListEmptyReason;
}
