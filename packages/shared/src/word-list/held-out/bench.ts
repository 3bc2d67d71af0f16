/**
 * The list stage's speed and its held-out scores, to run by hand:
 * `npx tsx packages/shared/src/word-list/held-out/bench.ts`. Speed is printed as a ratio to
 * splitting and normalising the same lines (parseWordList), measured in the same run, since
 * the machine is shared and absolute times drift.
 */
import { parseWordList } from '../../text.js';
import { understandList } from '../understand-list.js';
import type { RecognisedLine } from '../types.js';
import { HELD_OUT } from './cases.js';
import { HELD_OUT_2 } from './cases-2.js';
import { scoreCorpus } from './score.js';

const ROUNDS = 2000;

/** A 60-line page: the held-out cases' lines one after another, as one noisy page. */
const page: RecognisedLine[] = HELD_OUT.flatMap((c) => c.lines)
  .slice(0, 60)
  .map((line) => ({ text: typeof line === 'string' ? line : line[0] }));
const text = page.map((line) => line.text).join('\n');

function time(run: () => unknown): number {
  for (let i = 0; i < ROUNDS / 10; i++) run();
  const start = performance.now();
  for (let i = 0; i < ROUNDS; i++) run();
  return (performance.now() - start) / ROUNDS;
}

const baseline = time(() => parseWordList(text));
const stage = time(() => understandList(page, 'English'));
const first = scoreCorpus(HELD_OUT);
const second = scoreCorpus(HELD_OUT_2);
const line = (name: string, score: typeof first) =>
  `held-out ${name} (${score.cases.length} cases): precision ${(100 * score.precision).toFixed(1)}%, recall ${(100 * score.recall).toFixed(1)}%, exact ${score.exact}`;
console.info(
  [
    `60-line page: list stage ${(stage * 1000).toFixed(0)} µs, baseline ${(baseline * 1000).toFixed(0)} µs, ratio ${(stage / baseline).toFixed(1)}`,
    line('first batch', first),
    line('second batch', second),
  ].join('\n'),
);
