/**
 * Marks generated sheets and scores the marks against what was really written: the four
 * figures of issue 39. Used by `run.ts` (the command) and the server's held-out test.
 */
import { markSheet, type WordMark } from '../../packages/server/src/modules/marking/mark-sheet.js';
import { ModelSessions } from '../../packages/server/src/modules/ocr/pipeline/onnx-models.js';
import type { Sample, Truth } from './generate.js';

export interface Scored {
  sample: string;
  expected: string;
  written: string;
  truth: Truth;
  verdict: WordMark['verdict'] | 'sheet-not-found';
  margin: number | null;
  reason: string;
  alternative: string | undefined;
}

export interface Figures {
  words: number;
  /** Misspelled, blank or crossed-out answers marked correct, of all of them. */
  dangerous: number;
  dangerousCount: number;
  notCorrect: number;
  /** Correct answers marked correct, of all correct answers. */
  correctMarkedCorrect: number;
  /** Words not unsure, of all words. */
  decided: number;
  /** Seconds per sheet, warm (after the first): mean and worst. */
  secondsMean: number;
  secondsMax: number;
  /**
   * CPU seconds per sheet, warm (this process, every thread): what a sheet costs a quiet
   * machine, whatever else the shared one is doing while it is measured.
   */
  cpuSecondsMean: number;
  sheetsNotFound: number;
}

export async function markSamples(samples: Sample[], models = new ModelSessions(60_000)) {
  const scored: Scored[] = [];
  const seconds: number[] = [];
  const cpuSeconds: number[] = [];
  let notFound = 0;
  for (const sample of samples) {
    const started = performance.now();
    const cpu = process.cpuUsage();
    const result = await markSheet(models, sample.photo, sample.request);
    seconds.push((performance.now() - started) / 1000);
    const used = process.cpuUsage(cpu);
    cpuSeconds.push((used.user + used.system) / 1e6);
    const marks =
      result.status === 'marked'
        ? new Map(result.marks.map((m) => [m.wordId, m]))
        : new Map<string, WordMark>();
    if (result.status !== 'marked') notFound++;
    for (const t of sample.truth) {
      const mark = marks.get(t.wordId);
      scored.push({
        sample: sample.name,
        expected: t.expected,
        written: t.written,
        truth: t.truth,
        verdict: mark ? mark.verdict : 'sheet-not-found',
        margin: mark?.check.margin ?? null,
        reason: mark?.check.reason ?? result.status,
        alternative: mark?.check.alternative,
      });
    }
  }
  return { scored, seconds, cpuSeconds, notFound };
}

export function figures(
  scored: Scored[],
  seconds: number[],
  notFound: number,
  cpuSeconds: number[] = [],
): Figures {
  const notCorrect = scored.filter((s) => s.truth !== 'correct');
  const correct = scored.filter((s) => s.truth === 'correct');
  const dangerousCount = notCorrect.filter((s) => s.verdict === 'correct').length;
  // The first sheet loads the model: "warm" is every sheet after it.
  const warm = seconds.length > 1 ? seconds.slice(1) : seconds;
  const warmCpu = cpuSeconds.length > 1 ? cpuSeconds.slice(1) : cpuSeconds;
  return {
    words: scored.length,
    dangerous: dangerousCount / Math.max(1, notCorrect.length),
    dangerousCount,
    notCorrect: notCorrect.length,
    correctMarkedCorrect: correct.filter((s) => s.verdict === 'correct').length / Math.max(1, correct.length),
    decided:
      scored.filter((s) => s.verdict === 'correct' || s.verdict === 'wrong').length /
      Math.max(1, scored.length),
    secondsMean: warm.reduce((a, b) => a + b, 0) / Math.max(1, warm.length),
    secondsMax: Math.max(...warm),
    cpuSecondsMean: warmCpu.reduce((a, b) => a + b, 0) / Math.max(1, warmCpu.length),
    sheetsNotFound: notFound,
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function describe(name: string, f: Figures): string {
  return [
    `${name}: ${f.words} words on ${f.words / 10} sheets (${f.sheetsNotFound} sheets not found)`,
    `  wrong-or-blank marked correct: ${pct(f.dangerous)} (${f.dangerousCount} of ${f.notCorrect}; target ≤ 2%)`,
    `  correct marked correct:        ${pct(f.correctMarkedCorrect)} (target ≥ 80%)`,
    `  decided (not unsure):          ${pct(f.decided)} (target ≥ 70%)`,
    `  seconds per sheet, warm:       ${f.secondsMean.toFixed(2)} mean, ${f.secondsMax.toFixed(2)} worst (target ≤ 5 s); CPU ${f.cpuSecondsMean.toFixed(2)} s`,
  ].join('\n');
}
