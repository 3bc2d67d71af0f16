import type { RecognisedLine } from '../types.js';
import { understandList } from '../understand-list.js';
import type { HeldOutCase, HeldOutLine } from './cases.js';

/* Precision and recall of the list stage on the held-out corpus, per case and over all. */

export interface CaseScore {
  id: string;
  found: string[];
  /** Expected entries found. */
  hits: number;
  missed: string[];
  extra: string[];
  /** An empty-list case answered with no entries. */
  emptyRight?: boolean;
}

export interface CorpusScore {
  cases: CaseScore[];
  /** Hits over entries found, over all cases. */
  precision: number;
  /** Hits over entries expected, over all cases. */
  recall: number;
  /** Cases whose every entry was found and nothing else. */
  exact: number;
}

const toLine = (line: HeldOutLine): RecognisedLine =>
  typeof line === 'string'
    ? { text: line }
    : { text: line[0], box: { x0: line[1], y0: line[2], x1: line[3], y1: line[4] } };

export function scoreCase(heldOut: HeldOutCase): CaseScore {
  const found = understandList(heldOut.lines.map(toLine), heldOut.language).entries.map((e) => e.text);
  const expected = new Set(heldOut.expected);
  const got = new Set(found);
  return {
    id: heldOut.id,
    found,
    hits: found.filter((word) => expected.has(word)).length,
    missed: heldOut.expected.filter((word) => !got.has(word)),
    extra: found.filter((word) => !expected.has(word)),
    ...(heldOut.expected.length === 0 ? { emptyRight: found.length === 0 } : {}),
  };
}

export function scoreCorpus(corpus: readonly HeldOutCase[]): CorpusScore {
  const cases = corpus.map(scoreCase);
  const hits = cases.reduce((sum, c) => sum + c.hits, 0);
  const found = cases.reduce((sum, c) => sum + c.found.length, 0);
  const expected = corpus.reduce((sum, c) => sum + c.expected.length, 0);
  return {
    cases,
    precision: found === 0 ? 1 : hits / found,
    recall: expected === 0 ? 1 : hits / expected,
    exact: cases.filter((c) => c.missed.length === 0 && c.extra.length === 0).length,
  };
}
