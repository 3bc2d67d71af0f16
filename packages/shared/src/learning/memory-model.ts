import { FSRSAlgorithm, generatorParameters, Rating, type FSRSState } from 'ts-fsrs';
import { GRADES, type Grade } from '../scheduler/constants.js';

/**
 * A child's memory of one word, in FSRS-6's model (ts-fsrs): stability (days until recall falls
 * to 90%) and difficulty (1..10). Children forget at different speeds; `speed` stretches the
 * time that passes for them (2 = a day feels like two), so one fitted number per child moves
 * every word's curve. Decision record: docs/decisions/009-learning-model.md.
 */
export type MemoryState = FSRSState;

const fsrs = new FSRSAlgorithm(generatorParameters({ enable_fuzz: false, enable_short_term: false }));

/** Below this recall probability a remembered word is a hesitant one: the parent grades Medium. */
export const HESITANT_RECALL = 0.8;
/** What a child recalls of a word never practised here (heard at school, not yet drilled). */
export const NEW_WORD_RECALL = 0.5;

/** The FSRS rating that a parent's grade stands for. */
export function ratingForGrade(grade: Grade): Rating {
  if (grade === GRADES.difficult) return Rating.Again;
  return grade === GRADES.medium ? Rating.Hard : Rating.Good;
}

export function recallProbability(state: MemoryState, elapsedDays: number, speed = 1): number {
  return fsrs.forgetting_curve(Math.max(0, elapsedDays) * speed, state.stability);
}

/** The memory after a graded review `elapsedDays` after the previous one (null: the first). */
export function afterReview(
  state: MemoryState | null,
  elapsedDays: number,
  grade: Grade,
  speed = 1,
  model: FSRSAlgorithm = fsrs,
): MemoryState {
  return model.next_state(state, Math.max(0, elapsedDays) * speed, ratingForGrade(grade));
}

/** The grade a parent gives for an outcome: forgotten, recalled hesitantly, recalled easily. */
export function gradeForOutcome(recalled: boolean, recallProbability: number): Grade {
  if (!recalled) return GRADES.difficult;
  return recallProbability < HESITANT_RECALL ? GRADES.medium : GRADES.easy;
}
