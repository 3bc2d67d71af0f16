import { FSRSAlgorithm, generatorParameters } from 'ts-fsrs';
import {
  addDaysIso,
  GRADES,
  NEW_WORD_EASE,
  NEW_WORD_INTERVAL,
  schedule,
  type Grade,
} from '@spellwell/shared';
import {
  afterReview,
  fitSpeed,
  PLAN_HORIZON_DAYS,
  planNextReview,
  replayWord,
  type GradedReview,
  type MemoryState,
} from '@spellwell/shared/learning';

/** What a scheduler is told of a list, and the grade history it may read (the app has it too). */
export interface ListContext {
  testDay: number;
  histories: readonly (readonly GradedReview[])[];
}

export interface SchedulerRun {
  startSession?(day: number): void;
  isDue(word: number, day: number): boolean;
  graded(word: number, day: number, grade: Grade): void;
}

export interface Scheduler {
  name: string;
  start(context: ListContext): SchedulerRun;
}

// Day 0 of every simulated list; the specification's scheduler works on calendar dates.
const ORIGIN = '2026-01-05';
const isoDays = Array.from({ length: 64 }, (_, day) => addDaysIso(ORIGIN, day));

/** Per-word "due from this day on", the way the app stores nextReview. */
function dueDays(context: ListContext): number[] {
  return context.histories.map(() => 0);
}

/** The specification's rule: the real `schedule()` from packages/shared. */
export const specificationRule: Scheduler = {
  name: 'Rule (spec)',
  start(context) {
    const next = dueDays(context);
    const words = context.histories.map(() => ({ easeFactor: NEW_WORD_EASE, interval: NEW_WORD_INTERVAL }));
    return {
      isDue: (word, day) => next[word]! <= day,
      graded(word, day, grade) {
        const result = schedule({
          ...words[word]!,
          grade,
          today: isoDays[day]!,
          testDate: isoDays[context.testDay]!,
        });
        words[word] = { easeFactor: result.easeFactor, interval: result.interval };
        next[word] = day + result.interval;
      },
    };
  },
};

/** Classic SM-2 (Wozniak 1990): Easy 5, Medium 3, Difficult 1; no knowledge of the test date. */
export const classicSm2: Scheduler = {
  name: 'SM-2',
  start(context) {
    const next = dueDays(context);
    const words = context.histories.map(() => ({ ease: 2.5, interval: 0, repetitions: 0 }));
    const quality: Record<Grade, number> = { [GRADES.easy]: 5, [GRADES.medium]: 3, [GRADES.difficult]: 1 };
    return {
      isDue: (word, day) => next[word]! <= day,
      graded(word, day, grade) {
        const w = words[word]!;
        const q = quality[grade];
        if (q < 3) {
          w.repetitions = 0;
          w.interval = 1;
        } else {
          w.interval = w.repetitions === 0 ? 1 : w.repetitions === 1 ? 6 : Math.round(w.interval * w.ease);
          w.repetitions += 1;
        }
        w.ease = Math.max(1.3, w.ease + 0.1 - (5 - q) * (0.08 + (5 - q) * 0.02));
        next[word] = day + w.interval;
      },
    };
  },
};

/** FSRS-6 with its default weights, asking for 90% retention; no knowledge of the test date. */
export const fsrsNinety: Scheduler = {
  name: 'FSRS 90%',
  start(context) {
    const fsrs = new FSRSAlgorithm(
      generatorParameters({ request_retention: 0.9, enable_fuzz: false, enable_short_term: false }),
    );
    const next = dueDays(context);
    const states: ({ state: MemoryState; day: number } | null)[] = context.histories.map(() => null);
    return {
      isDue: (word, day) => next[word]! <= day,
      graded(word, day, grade) {
        const previous = states[word];
        const state = afterReview(previous?.state ?? null, previous ? day - previous.day : 0, grade);
        states[word] = { state, day };
        next[word] = day + Math.max(1, fsrs.next_interval(state.stability, 0));
      },
    };
  },
};

export const everyDay: Scheduler = {
  name: 'Every day',
  start: () => ({ isDue: () => true, graded: () => {} }),
};

/**
 * The test-day planner as the app runs it: the rule keeps the ease factor and interval; only the
 * next review day comes from the plan, with the child's speed fitted to their grades so far.
 */
export function testDayPlanner(reviewCost?: number): Scheduler {
  return {
    name: reviewCost === undefined ? 'Planner' : `Planner (cost ${reviewCost})`,
    start(context) {
      const rule = specificationRule.start(context);
      const ruleNext: number[] = dueDays(context);
      const next = dueDays(context);
      let speed = 1;
      return {
        startSession() {
          speed = fitSpeed(context.histories);
        },
        isDue: (word, day) => next[word]! <= day,
        graded(word, day, grade) {
          rule.graded(word, day, grade);
          // The rule's own next day, read back through its public behaviour.
          let ruleDay = day + 1;
          while (!rule.isDue(word, ruleDay)) ruleDay++;
          ruleNext[word] = ruleDay;
          const daysToTest = context.testDay - day;
          const replayed = replayWord(context.histories[word]!, speed);
          const plan = replayed
            ? planNextReview({ state: replayed.state, daysToTest, speed, reviewCost })
            : null;
          if (plan !== null) next[word] = day + plan;
          else if (daysToTest < 1 || daysToTest > PLAN_HORIZON_DAYS) next[word] = ruleDay;
          else next[word] = Math.max(ruleDay, context.testDay);
        },
      };
    },
  };
}
