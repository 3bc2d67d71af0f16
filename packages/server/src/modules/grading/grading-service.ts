import type { WordsRepository } from './words-repository.js';

/**
 * Grading as the routes see it. What a grade plans with is read from the database inside the
 * grade (the child's stored speed, words-repository.ts): nothing kept in a server's memory,
 * so two servers, or one before and after a readiness answer, schedule a grade alike.
 */
export function createGradingService(words: WordsRepository) {
  return { undo: words.undo, grade: words.grade };
}

export type GradingService = ReturnType<typeof createGradingService>;
