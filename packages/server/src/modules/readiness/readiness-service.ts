import {
  MASTERED_RECALL,
  TROUBLE_WORDS_MAX,
  orderForPractice,
  type ChildWithWordSets,
  type Language,
  type TonightWord,
  type TroubleWord,
  type WordSetDetail,
  type WordSetSummary,
} from '@spellwell/shared';
import type { Db } from '../../db/database.js';
import type {
  ChildWithSetsAndIds,
  DetailWithoutReadiness,
  SummaryWithIds,
} from '../word-sets/word-sets-repository.js';
import { isTroubleWord } from '@spellwell/shared/learning';
import { createGradesRepository } from './grades-repository.js';
import { storeFittedSpeed } from './fitted-speeds.js';
import {
  childGrades,
  createSpeedFits,
  fitsToStore,
  gradesOfChildren,
  predictedForTestOf,
  readinessOf,
  recallOf,
  type ChildGrades,
} from './readiness.js';
import { readingFor } from '../word-sets/readings.js';
import { createTroubleWordsRepository } from './trouble-words-repository.js';

const withoutIds = ({ wordIds: _wordIds, ...set }: SummaryWithIds) => set;

/**
 * Adds the predicted test-day score to the word-set answers (issue 19). Each answer is worked
 * out once per change of the parent's data: the routes are behind the read cache, whose key
 * holds the parent's local day, and a child's fitted speed and calibration are kept between
 * answers (in this service, one per app: `speeds`). A speed fitted here is stored on the child
 * (fitted-speeds.ts): the speed the next grade plans with, on any server (issue 40).
 */
export function createReadinessService(db: Db) {
  const speeds = createSpeedFits();
  const grades = createGradesRepository(db);
  const troubleWords = createTroubleWordsRepository(db);
  /** Stores the speeds fitted for these children since last stored, then answers `value`. */
  async function storingFits<T>(childIds: Iterable<string>, value: T): Promise<T> {
    for (const fit of fitsToStore(speeds, childIds)) await storeFittedSpeed(db.kysely, fit.childId, fit);
    return value;
  }
  const summaryOf = (child: ChildGrades | undefined, set: SummaryWithIds, today: string): WordSetSummary => ({
    ...withoutIds(set),
    readiness: readinessOf(child, set, today),
    predictedForTest: predictedForTestOf(child, set, today),
    practisedCount: child ? set.wordIds.filter((id) => child.byWord.has(id)).length : 0,
    masteredCount: child
      ? set.wordIds.filter(
          (id) => child.byWord.has(id) && recallOf(child, id, set.testDate, today) >= MASTERED_RECALL,
        ).length
      : 0,
  });
  return {
    /** The child's grades, read alongside the set (both are needed, neither waits for the other). */
    gradesOfChild: async (parentId: string, childId: string) => {
      const [rows, results] = await Promise.all([
        grades.ofChild(parentId, childId),
        grades.resultsOfChild(parentId, childId),
      ]);
      return storingFits([childId], childGrades(speeds, childId, rows, results));
    },

    detail(set: DetailWithoutReadiness, child: ChildGrades, today: string): WordSetDetail {
      const wordIds = set.words.map((w) => w.id);
      const plannedReviews = set.planForTestDate
        ? set.words.flatMap((w) => {
            const moved = child.ruleNextReview.get(w.id);
            // Only while the word still waits for the day the planner chose.
            return moved && moved.planned === w.nextReview
              ? [{ wordId: w.id, ruleNextReview: moved.rule }]
              : [];
          })
        : [];
      return {
        ...set,
        readiness: readinessOf(child, { testDate: set.testDate, wordIds }, today),
        predictedForTest: predictedForTestOf(child, { testDate: set.testDate, wordIds }, today),
        plannedReviews,
      };
    },

    summary: async (parentId: string, childId: string, set: SummaryWithIds, today: string) => {
      const [rows, results] = await Promise.all([
        grades.ofChild(parentId, childId),
        grades.resultsOfChild(parentId, childId),
      ]);
      const child = await storingFits([childId], childGrades(speeds, childId, rows, results));
      return summaryOf(child, set, today);
    },

    /**
     * The child's trouble words (issue 34): of the words already practised in sets whose test is
     * today or ahead, those `isTroubleWord` keeps (the words the child gets wrong), weakest on
     * their own test date first, TROUBLE_WORDS_MAX at most, of one language when `language` is
     * given. A word never practised is left out: its chance is only the new-word guess. Null when
     * the child is not the parent's.
     */
    async troubleWords(
      parentId: string,
      childId: string,
      today: string,
      language?: Language,
    ): Promise<TroubleWord[] | null> {
      const [words, rows, results] = await Promise.all([
        troubleWords.upcoming(parentId, childId, today),
        grades.ofChild(parentId, childId),
        grades.resultsOfChild(parentId, childId),
      ]);
      if (!words) return null;
      const child = await storingFits([childId], childGrades(speeds, childId, rows, results));
      return words
        .filter((w) => child.byWord.has(w.id) && (!language || w.language === language))
        .map((w) => ({ word: w, recall: recallOf(child, w.id, w.test_date, today) }))
        .filter(({ word, recall }) => isTroubleWord(child.byWord.get(word.id)!, recall))
        .sort((a, b) => a.recall - b.recall)
        .slice(0, TROUBLE_WORDS_MAX)
        .map(({ word, recall }) => ({
          id: word.id,
          wordString: word.word_string,
          reading: readingFor(word.word_string, word.reading, word.language as Language),
          easeFactor: word.ease_factor,
          interval: word.interval,
          nextReview: word.next_review,
          hasRecording: word.recorded !== null,
          wordSetId: word.word_set_id,
          language: word.language as Language,
          testDate: word.test_date,
          recall: Math.round(recall * 100) / 100,
        }));
    },

    /**
     * Tonight's words (issue 35): the words due now in the child's sets with a test today or
     * ahead, the nearest test first, each set's words in its practice order. Null when the
     * child is not the parent's.
     */
    async tonightWords(parentId: string, childId: string, today: string): Promise<TonightWord[] | null> {
      const words = await troubleWords.upcoming(parentId, childId, today);
      if (!words) return null;
      const bySet = new Map<string, typeof words>();
      // The rows come nearest test first: a Map keeps that order of the sets.
      for (const word of words) bySet.set(word.word_set_id, [...(bySet.get(word.word_set_id) ?? []), word]);
      return [...bySet.values()].flatMap((setWords) => {
        const byId = new Map(setWords.map((w) => [w.id, w]));
        const order = orderForPractice(
          setWords.map((w) => ({
            id: w.id,
            easeFactor: w.ease_factor,
            interval: w.interval,
            nextReview: w.next_review,
            position: w.position,
          })),
          today,
        );
        return order.wordIds.slice(0, order.dueCount).map((id) => {
          const word = byId.get(id)!;
          return {
            id: word.id,
            wordString: word.word_string,
            reading: readingFor(word.word_string, word.reading, word.language as Language),
            easeFactor: word.ease_factor,
            interval: word.interval,
            nextReview: word.next_review,
            hasRecording: word.recorded !== null,
            wordSetId: word.word_set_id,
            language: word.language as Language,
            testDate: word.test_date,
          };
        });
      });
    },

    async listByParent(
      parentId: string,
      children: Promise<ChildWithSetsAndIds[]>,
      today: string,
    ): Promise<ChildWithWordSets[]> {
      const [list, rows, results] = await Promise.all([
        children,
        grades.ofParent(parentId),
        grades.resultsOfParent(parentId),
      ]);
      const byChild = gradesOfChildren(speeds, rows, results);
      await storingFits(byChild.keys(), byChild);
      return list.map((child) => ({
        ...child,
        wordSets: child.wordSets.map((set) => summaryOf(byChild.get(child.id), set, today)),
      }));
    },
  };
}
export type ReadinessService = ReturnType<typeof createReadinessService>;
