import type { WordSetDetail, WordSetSummary, ChildWithWordSets } from '@spellwell/shared';
import type { Db } from '../../../db/database.js';
import type {
  ChildWithSetsAndIds,
  DetailWithoutReadiness,
  SummaryWithIds,
} from '../word-sets/word-sets-repository.js';
import { createGradesRepository } from './grades-repository.js';
import { childGrades, gradesOfChildren, readinessOf, type ChildGrades } from './readiness.js';

const withoutIds = ({ wordIds: _wordIds, ...set }: SummaryWithIds) => set;

/**
 * Adds the predicted test-day score to the word-set answers (issue 19). Each answer is worked
 * out once per change of the parent's data: the routes are behind the read cache, whose key
 * holds the parent's local day, and a child's fitted speed is kept between answers.
 */
export function createReadinessService(db: Db) {
  const grades = createGradesRepository(db);
  const summaryOf = (child: ChildGrades | undefined, set: SummaryWithIds, today: string): WordSetSummary => ({
    ...withoutIds(set),
    readiness: readinessOf(child, set, today),
    practisedCount: child ? set.wordIds.filter((id) => child.byWord.has(id)).length : 0,
  });
  return {
    /** The child's grades, read alongside the set (both are needed, neither waits for the other). */
    gradesOfChild: async (parentId: string, childId: string) =>
      childGrades(childId, await grades.ofChild(parentId, childId)),

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
        plannedReviews,
      };
    },

    summary: async (parentId: string, childId: string, set: SummaryWithIds, today: string) =>
      summaryOf(childGrades(childId, await grades.ofChild(parentId, childId)), set, today),

    async listByParent(
      parentId: string,
      children: Promise<ChildWithSetsAndIds[]>,
      today: string,
    ): Promise<ChildWithWordSets[]> {
      const [list, rows] = await Promise.all([children, grades.ofParent(parentId)]);
      const byChild = gradesOfChildren(rows);
      return list.map((child) => ({
        ...child,
        wordSets: child.wordSets.map((set) => summaryOf(byChild.get(child.id), set, today)),
      }));
    },
  };
}
export type ReadinessService = ReturnType<typeof createReadinessService>;
