import {
  calibrate,
  ratingForGrade,
  gradeForOutcome,
  fitSpeed,
  predictReadiness,
  type GradedReview,
} from '@spellwell/shared/learning';
import type { FSRSState } from 'ts-fsrs';
import type { SimChild } from './population.js';
import { seeded } from './random.js';
import type { Scheduler } from './schedulers.js';

export interface Outcome {
  /** Expected words right on the test day (the sum of each word's true recall probability). */
  score: number;
  reviews: number;
  practiceDays: number;
  /** The app's prediction after the last session, from the grades alone (when asked for). */
  predicted: number | null;
}

interface TrueMemory {
  state: FSRSState;
  day: number;
}

/**
 * One child practising one list with one scheduler, one session a day at most, from the day the
 * list is made (day 0) to the day before the test. The same seed gives the same child the same
 * skipped days and the same luck (one random stream per word) under every scheduler.
 */
export function simulate(
  child: SimChild,
  scheduler: Scheduler,
  testDay: number,
  skipChance: number,
  seed: number[],
  predict = false,
): Outcome {
  const histories: GradedReview[][] = child.words.map(() => []);
  const memory: (TrueMemory | null)[] = child.words.map(() => null);
  const luck = child.words.map((_, word) => seeded(...seed, 100 + word));
  const skips = seeded(...seed, 1);
  const run = scheduler.start({ testDay, histories });
  const recallNow = (word: number, day: number) => {
    const known = memory[word];
    return known
      ? child.model.forgetting_curve((day - known.day) * child.speed, known.state.stability)
      : child.words[word]!.firstRecall;
  };

  let reviews = 0;
  let practiceDays = 0;
  for (let day = 0; day < testDay; day++) {
    if (skips() < skipChance) continue;
    run.startSession?.(day);
    let reviewedToday = 0;
    child.words.forEach((word, index) => {
      if (!run.isDue(index, day)) return;
      const p = recallNow(index, day);
      const grade = gradeForOutcome(luck[index]!() < p, p);
      const known = memory[index];
      let state = child.model.next_state(
        known?.state ?? null,
        known ? (day - known.day) * child.speed : 0,
        ratingForGrade(grade),
      );
      if (!known)
        state = { ...state, difficulty: Math.min(10, Math.max(1, state.difficulty + word.difficultyShift)) };
      memory[index] = { state, day };
      histories[index]!.push({ day, grade });
      run.graded(index, day, grade);
      reviewedToday++;
    });
    reviews += reviewedToday;
    if (reviewedToday > 0) practiceDays++;
  }

  const score = child.words.reduce((sum, _, word) => sum + recallNow(word, testDay), 0);
  const words = histories.map((reviews, word) => ({ id: String(word), reviews }));
  // As the server does: the child's speed and calibration from their grades (issue 34).
  const speed = predict ? fitSpeed(histories) : 1;
  const predicted = predict
    ? predictReadiness(words, testDay, speed, { calibration: calibrate(histories, speed) }).expectedCorrect
    : null;
  return { score, reviews, practiceDays, predicted };
}
