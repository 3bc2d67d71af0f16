/** Which item of its list a marker says a line is: "3." and "③" are the 3rd, "(c)" the 3rd letter. */
export interface Ordinal {
  kind: 'number' | 'letter';
  n: number;
}

/** A candidate entry on its way through the stage: part of one input line. */
export interface Piece {
  text: string;
  /** Index of the input line. */
  source: number;
  /** It had a list marker ("1.", "①", "(a)", a bullet). */
  marked: boolean;
  ordinal?: Ordinal;
  /** A chat's time or status bar stood between this piece and the one before: another message. */
  breakBefore?: boolean;
  /**
   * Only a time stood there: the same sender's next bubble (another's has their name, or sits
   * on the other side of the screen).
   */
  timeOnly?: boolean;
  /** A sentence or a story's line: never an entry unless numbered. */
  prose?: boolean;
  /** A label or heading that says a list follows ("Spelling words:") came just before. */
  afterLeadIn?: boolean;
  /** One item of a list separated by commas, semicolons or 、. */
  item?: boolean;
  /** Its line paired it with a meaning or a sentence ("word — meaning"), which went. */
  paired?: boolean;
  /** The stage guessed at it: the review step asks. */
  doubtful?: boolean;
  /** The recogniser's confidence in its line, 0 to 100. */
  confidence?: number;
}
