import { z } from 'zod';
import { ChildRoleSchema } from './family.js';
import { DESCRIPTION_MAX, MESSAGES, SCHOOL_NAME_MAX, WORDS_MAX, WORD_LENGTH_MAX } from '../messages.js';
import { parseWordList } from '../text.js';
import { readingProblem } from '../reading/word-entries.js';
import { IdSchema, IsoDateSchema, LanguageSchema, textSchema } from './common.js';
import { ChildSummarySchema } from './child.js';
import { ReadinessSchema } from './readiness.js';
import { TestPredictionSchema, TestResultSchema } from './test-result.js';

/** The words field: newline-separated text, as the form and the API both carry it. */
export const WordsTextSchema = textSchema(MESSAGES.wordsRequired)
  .max(WORDS_MAX * (WORD_LENGTH_MAX + 2) * 4, MESSAGES.tooManyWords)
  .superRefine((text, ctx) => {
    const words = parseWordList(text);
    if (words.length === 0) ctx.addIssue({ code: 'custom', message: MESSAGES.wordsRequired });
    else if (words.length > WORDS_MAX) ctx.addIssue({ code: 'custom', message: MESSAGES.tooManyWords });
    else if (words.some((w) => [...w].length > WORD_LENGTH_MAX))
      ctx.addIssue({ code: 'custom', message: MESSAGES.wordTooLong });
    else {
      const problem = readingProblem(words);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
  });

export const DescriptionSchema = textSchema(MESSAGES.descriptionRequired)
  .trim()
  .min(1, MESSAGES.descriptionRequired)
  .max(DESCRIPTION_MAX, MESSAGES.descriptionTooLong);

/** The Add New Practice form and `POST /word-sets/create/{childId}`. */
export const CreateWordSetSchema = z.object({
  testDate: IsoDateSchema,
  description: DescriptionSchema,
  language: LanguageSchema,
  words: WordsTextSchema,
  /**
   * The test-day planner from the start (issue 35). Absent, off: the API keeps the
   * specification's rule; the Add New Practice form sends it on (decision 014).
   */
  planForTestDate: z.boolean().optional(),
});
export type CreateWordSet = z.infer<typeof CreateWordSetSchema>;
/** What the form holds before validation (language may still be empty). */
export type CreateWordSetForm = z.input<typeof CreateWordSetSchema>;

export const EditWordsSchema = z.object({ words: WordsTextSchema });
export type EditWords = z.infer<typeof EditWordsSchema>;

/**
 * `PATCH /child/{childId}/word-sets/{wordSetId}`: any of the set's details, each checked with
 * the message Add New Practice gives; at least one of them.
 */
export const UpdateWordSetSchema = z
  .object({
    testDate: IsoDateSchema.optional(),
    description: DescriptionSchema.optional(),
    language: LanguageSchema.optional(),
    /** The test-day planner (issue 19): off, the specification's rule alone picks each next review. */
    planForTestDate: z.boolean().optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: MESSAGES.nothingToChange,
  });
export type UpdateWordSet = z.infer<typeof UpdateWordSetSchema>;

/** The chance of being right on the test day from which a practised word counts as mastered. */
export const MASTERED_RECALL = 0.9;

export const WordSetSummarySchema = z.object({
  id: IdSchema,
  testDate: z.string(),
  description: z.string(),
  language: LanguageSchema,
  wordCount: z.number().int(),
  /** Tonight's plan: words due now (never graded, or due today or earlier). */
  dueCount: z.number().int(),
  /** Where a session under way stands (a question past the first), or null. */
  resumeAt: z.number().int().nullable(),
  /** The specification's WordSet carries its words: the list of strings, in list order. */
  words: z.array(z.string()),
  /** Whether the test-day planner picks the words' next reviews (issue 19). */
  planForTestDate: z.boolean(),
  readiness: ReadinessSchema,
  /**
   * Words mastered (issue 35): practised, and at least MASTERED_RECALL likely to be right on the
   * test date (today once it has passed), by the same model as the readiness.
   */
  masteredCount: z.number().int().min(0),
  /** The real test result the parent recorded (issue 34), or null. */
  testResult: TestResultSchema.nullable(),
  /**
   * What the app predicted for the test day from the grades before it (issue 34), shown beside
   * the real result; null until the test date.
   */
  predictedForTest: TestPredictionSchema.nullable(),
  /** Words graded at least once: with none, the readiness is only the new-word guess. */
  practisedCount: z.number().int().min(0),
});
/** A practice as the dashboard lists it (and `PATCH` answers it). */
export type WordSetSummary = z.infer<typeof WordSetSummarySchema>;

/** `GET /word-sets/{parentId}`: every child with their word sets. */
export const ChildWithWordSetsSchema = ChildSummarySchema.extend({
  wordSets: z.array(WordSetSummarySchema),
  /** Issue 37: the signed-in parent's role on this child ("owner" on their own children). */
  role: ChildRoleSchema,
});
export const WordSetsByChildSchema = z.array(ChildWithWordSetsSchema);
export type ChildWithWordSets = z.infer<typeof ChildWithWordSetsSchema>;

export const WordSchema = z.object({
  id: IdSchema,
  wordString: z.string(),
  easeFactor: z.number(),
  interval: z.number().int(),
  nextReview: z.string().nullable(),
});
export type Word = z.infer<typeof WordSchema>;

/**
 * A word as a set's detail lists it: with its reading (issue 21) and whether the parent
 * recorded it (issue 22).
 */
export const WordInSetSchema = WordSchema.extend({
  /** A Chinese word's pinyin (`"yin2 hang2"`: tone numbers, 5 neutral); null in other languages. */
  reading: z.string().nullable(),
  hasRecording: z.boolean(),
  /**
   * The word's last grade when the child's own session made it (issue 36), with what the child
   * typed: the Word List says "Mei, on her own". Absent or null: the parent graded it last.
   */
  childGrade: z
    .object({
      quality: z.number().int(),
      answer: z.string(),
      attempts: z.number().int(),
      /** Written in the 田字格 stroke quiz rather than typed: the quiz's mistakes. */
      mistakes: z.number().int().optional(),
    })
    .nullable()
    .optional(),
  /**
   * Issue 37: who gave the word's last grade ("graded by Dad"), the grader's first name, where
   * the child has more than one adult. Absent: one adult, the child, or an account since deleted.
   */
  gradedBy: z.string().optional(),
});
export type WordInSet = z.infer<typeof WordInSetSchema>;
/** The same word under the name issue 21's code uses. */
export const SetWordSchema = WordInSetSchema;
export type SetWord = WordInSet;

/** `GET /child/{childId}/word-sets/{wordSetId}`. */
export const WordSetDetailSchema = z.object({
  id: IdSchema,
  testDate: z.string(),
  description: z.string(),
  language: LanguageSchema,
  words: z.array(WordInSetSchema),
  planForTestDate: z.boolean(),
  readiness: ReadinessSchema,
  /** The real test result the parent recorded (issue 34), or null. */
  testResult: TestResultSchema.nullable(),
  /**
   * What the app predicted for the test day from the grades before it (issue 34), shown beside
   * the real result; null until the test date.
   */
  predictedForTest: TestPredictionSchema.nullable(),
  /**
   * Words whose next review the test-day planner moved from the rule's date at their last
   * grade, with the rule's date, so the Word List can say why (empty with the planner off).
   */
  plannedReviews: z.array(z.object({ wordId: IdSchema, ruleNextReview: z.string() })),
});
export type WordSetDetail = z.infer<typeof WordSetDetailSchema>;

/** An official list's school (the admin's form); blank files it under the default school. */
export const SchoolSchema = textSchema().trim().max(SCHOOL_NAME_MAX, MESSAGES.schoolTooLong);

// An official list is a list, not a child's schedule: it has no planner switch.
export const CreateOfficialWordSetSchema = CreateWordSetSchema.omit({ planForTestDate: true }).extend({
  school: SchoolSchema.optional(),
});
export type CreateOfficialWordSet = z.infer<typeof CreateOfficialWordSetSchema>;

export const OfficialWordSetSchema = z.object({
  id: IdSchema,
  school: z.string(),
  testDate: z.string(),
  description: z.string(),
  language: LanguageSchema,
  words: z.array(z.string()),
});
export type OfficialWordSet = z.infer<typeof OfficialWordSetSchema>;
export const OfficialWordSetListSchema = z.array(OfficialWordSetSchema);

export const CreatedSchema = z.object({ id: IdSchema });
