import { z } from 'zod';

/** Messages of the test result's checks, as the API answers them (400). */
export const TEST_RESULT_MESSAGES = {
  required: 'Give correct and total: the words right and the words tested',
  notWholeNumbers: 'correct and total must be whole numbers',
  totalTooSmall: 'total must be at least 1',
  correctOutOfRange: 'correct must be between 0 and total',
  totalOverWordCount: 'total cannot be more than the words in the practice',
} as const;

const wholeNumber = () =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? TEST_RESULT_MESSAGES.required : TEST_RESULT_MESSAGES.notWholeNumbers,
    })
    .int(TEST_RESULT_MESSAGES.notWholeNumbers);

/**
 * `PUT /child/{childId}/word-sets/{wordSetId}/test-result` (issue 34): the real test result, words
 * right of words tested. `total` is at most the set's word count, which the server checks.
 */
export const PutTestResultSchema = z
  .object({
    correct: wholeNumber().min(0, TEST_RESULT_MESSAGES.correctOutOfRange),
    total: wholeNumber().min(1, TEST_RESULT_MESSAGES.totalTooSmall),
  })
  .strict()
  .refine((v) => v.correct <= v.total, {
    message: TEST_RESULT_MESSAGES.correctOutOfRange,
    path: ['correct'],
  });
export type PutTestResult = z.infer<typeof PutTestResultSchema>;

/** A recorded test result, or null until the parent records one. */
export const TestResultSchema = z.object({
  correct: z.number().int().min(0),
  total: z.number().int().min(1),
  /** When it was recorded (ISO 8601). */
  recordedAt: z.string(),
});
export type TestResult = z.infer<typeof TestResultSchema>;

/** The prediction the evening before a test: expected words right and the 80% range. */
export const TestPredictionSchema = z.object({
  expectedCorrect: z.number().min(0),
  range: z.object({ low: z.number().int().min(0), high: z.number().int().min(0) }),
});
export type TestPrediction = z.infer<typeof TestPredictionSchema>;
