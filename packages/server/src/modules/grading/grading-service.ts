import type { GradeRow } from '../readiness/grades-repository.js';
import type { GradeResult, Grading } from './grading.js';
import type { WordsRepository } from './words-repository.js';

/** Where a child's fitted speed is kept between requests (the readiness service). */
export interface FittedSpeeds {
  lastFittedSpeed(childId: string): number | undefined;
  rememberFit(childId: string, rows: readonly GradeRow[], speed: number): void;
}

/**
 * Grading as the routes see it: each grade is given the child's last fitted speed explicitly
 * (the grading module looks nowhere else for it), and a speed the grade had to fit is kept for
 * the next one.
 */
export function createGradingService(words: WordsRepository, speeds: FittedSpeeds) {
  return {
    undo: words.undo,
    async grade(
      parentId: string,
      childId: string,
      wordId: string,
      grading: Omit<Grading, 'speed'>,
    ): Promise<GradeResult> {
      const result = await words.grade(parentId, childId, wordId, {
        ...grading,
        speed: speeds.lastFittedSpeed(childId),
      });
      if (result.status === 'graded' && result.fit)
        speeds.rememberFit(childId, result.fit.rows, result.fit.speed);
      return result;
    },
  };
}

export type GradingService = ReturnType<typeof createGradingService>;
