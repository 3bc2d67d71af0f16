import { z } from 'zod';
import { IdSchema, IdempotencyKeySchema, IsoDateSchema, LanguageSchema, textSchema } from './common.js';

/** Issue 36: a parent's pass for one child on one device, and the child's own practice. */

export const DevicePassParamsSchema = z.object({ childId: IdSchema, passId: IdSchema });

export const CreatedDevicePassSchema = z.object({
  id: IdSchema,
  /** Its last path segment is the one-time secret: shown once, never stored. */
  url: z.string(),
  expiresAt: z.string(),
});
export type CreatedDevicePass = z.infer<typeof CreatedDevicePassSchema>;

export const DevicePassSchema = z.object({
  id: IdSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export const DevicePassListSchema = z.object({ passes: z.array(DevicePassSchema) });
export type DevicePass = z.infer<typeof DevicePassSchema>;

/** 32 random bytes in base64url: 43 characters. */
export const KidSessionBodySchema = z.object({
  secret: textSchema('secret is required').regex(/^[A-Za-z0-9_-]{43}$/, { error: 'This pass is not valid.' }),
});

export const KidSessionSchema = z.object({
  accessToken: z.string(),
  child: z.object({ id: IdSchema, name: z.string() }),
});
export type KidSession = z.infer<typeof KidSessionSchema>;

export const KidPracticeSchema = z.object({
  child: z.object({ id: IdSchema, name: z.string() }),
  wordSets: z.array(
    z.object({
      id: IdSchema,
      description: z.string(),
      language: LanguageSchema,
      testDate: IsoDateSchema,
      dueCount: z.number().int(),
    }),
  ),
});
export type KidPractice = z.infer<typeof KidPracticeSchema>;

export const KidWordSetParamsSchema = z.object({ wordSetId: IdSchema });
export const KidWordParamsSchema = z.object({ wordId: IdSchema });

/** The next word to practise: what plays it, never its spelling. */
export const KidNextWordSchema = z.object({
  id: IdSchema,
  language: LanguageSchema,
  /** Chinese: the pinyin the voice reads, so 多音字 are spoken right. */
  reading: z.string().nullable(),
  /** The parent's recording exists (played from `audioUrl`, else the voice is). */
  hasRecording: z.boolean(),
  /** Plays the word: the parent's recording, or the offline voice. */
  audioUrl: z.string(),
  remaining: z.number().int(),
  /** The attempt the server expects next at this word (1 unless the device began it before). */
  attempt: z.number().int().min(1),
});
export type KidNextWord = z.infer<typeof KidNextWordSchema>;

export const KID_MAX_ATTEMPTS = 3;
export const KID_ANSWER_MAX = 100;

const KidAttemptSchema = z
  .number({ error: 'attempt must be 1, 2 or 3' })
  .int('attempt must be 1, 2 or 3')
  .min(1, 'attempt must be 1, 2 or 3')
  .max(KID_MAX_ATTEMPTS, 'attempt must be 1, 2 or 3');

/**
 * The device's key for an answer: sent again (a retry after a lost reply), it is answered as
 * before and not counted twice.
 */
const KidAnswerIdSchema = IdempotencyKeySchema.optional();

/** A typed answer (the default kind). */
export const KidTypedAnswerSchema = z.object({
  kind: z.literal('typed').optional(),
  answer: textSchema('answer is required').max(
    KID_ANSWER_MAX,
    `answer must be at most ${KID_ANSWER_MAX} characters`,
  ),
  attempt: KidAttemptSchema,
  answerId: KidAnswerIdSchema,
});

/** More stroke mistakes than any word has strokes: a count past it is not a real quiz. */
export const KID_STROKE_MISTAKES_MAX = 500;

/**
 * A Chinese word written from memory in the 田字格 stroke quiz (hanzi-writer on the device):
 * what the quiz counted. One quiz is the whole word's answer; the app's suggestion rule grades it.
 */
export const KidStrokesAnswerSchema = z.object({
  kind: z.literal('strokes'),
  mistakes: z
    .number({ error: 'mistakes must be a count' })
    .int('mistakes must be a count')
    .min(0, 'mistakes must be a count')
    .max(KID_STROKE_MISTAKES_MAX, `mistakes must be at most ${KID_STROKE_MISTAKES_MAX}`),
  hintUsed: z.boolean({ error: 'hintUsed must be true or false' }),
  attempt: KidAttemptSchema,
  answerId: KidAnswerIdSchema,
});

export const KidAnswerBodySchema = z.union([KidTypedAnswerSchema, KidStrokesAnswerSchema]);
export type KidAnswerBody = z.infer<typeof KidAnswerBodySchema>;

/** 409: the attempt is not the one the server counts next (it counts them itself). */
export const KidAttemptConflictSchema = z.object({
  error: z.literal('attempt_out_of_turn'),
  message: z.string(),
  /** The attempt the server expects. */
  attempt: z.number().int().min(1),
});

export const MarkSchema = z.union([
  /** A letter the child typed, right, wrong (another letter belongs there) or extra (none does). */
  z.object({ char: z.string(), mark: z.enum(['right', 'wrong', 'extra']) }),
  /** A letter the child left out: which one is not shown. */
  z.object({ mark: z.literal('missing') }),
]);
export type Mark = z.infer<typeof MarkSchema>;

/** `GET /kid/words/:wordId/strokes`: the shapes hanzi-writer quizzes, in order; never the characters as text. */
export const KidStrokeDataSchema = z.object({
  characters: z.array(
    z.object({ strokes: z.array(z.string()), medians: z.array(z.array(z.array(z.number()))) }).loose(),
  ),
});
export type KidStrokeData = z.infer<typeof KidStrokeDataSchema>;

export const KidAnswerResultSchema = z.object({
  correct: z.boolean(),
  marks: z.array(MarkSchema),
  /** The spelling, only once the answer is right or after the last attempt. */
  expected: z.string().optional(),
  /** The grade given when the word is done (1 Easy, 2 Medium, 3 Difficult). */
  grade: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
});
export type KidAnswerResult = z.infer<typeof KidAnswerResultSchema>;
