/** The spaced-repetition constants of the specification, section 9. */
export const GRADES = { easy: 1, medium: 2, difficult: 3 } as const;
export type Grade = (typeof GRADES)[keyof typeof GRADES];
export const GRADE_LABELS: Record<Grade, 'Easy' | 'Medium' | 'Difficult'> = {
  1: 'Easy',
  2: 'Medium',
  3: 'Difficult',
};

export const EASE_MIN = 1.3;
export const EASE_MAX = 2.5;
export const EASE_STEP: Record<Grade, number> = { 1: 0.05, 2: -0.02, 3: -0.1 };
export const INTERVAL_MULTIPLIER = { medium: 0.8, easy: 1.1 } as const;
export const INTERVAL_CAP_DAYS = 10;
export const TEST_PROXIMITY_DAYS = 5;
export const FIRST_INTERVALS = [1, 2] as const;

/** A word no one has graded yet. */
export const NEW_WORD_EASE = EASE_MAX;
export const NEW_WORD_INTERVAL = 0;
