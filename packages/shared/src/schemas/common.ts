import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import { LANGUAGES } from '../languages.js';
import { LANGUAGE_MAX, MESSAGES } from '../messages.js';

// In the browser, zod's JIT probes `new Function` once, which our CSP (no 'unsafe-eval') reports
// as a violation. The server keeps the faster JIT.
if ('window' in globalThis) z.config({ jitless: true });

/** Every id is a random UUID, so ids reveal nothing and cannot be guessed in sequence. */
// A lone UTF-16 surrogate (half of an emoji, as a broken client or an attacker sends it) cannot
// be stored as UTF-8: it turned into replacement characters on the way in, so two different
// words became one and a list edit broke a unique index (500). Refused before anything else.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when the string is well-formed UTF-16 (no lone surrogate). */
export const isWellFormedText = (value: string): boolean => !LONE_SURROGATE.test(value);

/**
 * The start of every schema of free text (names, descriptions, words, schools): a string with
 * no lone surrogate, refused with one clear message before its length or content is checked.
 * `required` (when given) is the message for a missing value or any check without its own.
 */
export const textSchema = (required?: string) =>
  (required === undefined ? z.string() : z.string({ error: required })).refine(isWellFormedText, {
    message: MESSAGES.textNotUnicode,
    abort: true,
  });

export const IdSchema = z.uuid({ error: 'Not a valid id' });

export const IDEMPOTENCY_KEY_MESSAGE = 'idempotencyKey must be 8 to 64 characters';

/**
 * A client's key for a request that may be sent again (a grade, an undo, a completion): the
 * request is applied once per key. Well-formed text: two keys differing only in a lone
 * surrogate were stored as one on PostgreSQL, so the second answered 201 and was never stored.
 */
export const IdempotencyKeySchema = textSchema('idempotencyKey is required')
  .min(8, IDEMPOTENCY_KEY_MESSAGE)
  .max(64, IDEMPOTENCY_KEY_MESSAGE);

export const IsoDateSchema = z
  .string({ error: MESSAGES.testDateRequired })
  .min(1, MESSAGES.testDateRequired)
  .refine(isIsoDate, MESSAGES.testDateInvalid);

export const LanguageSchema = z
  .string({ error: MESSAGES.languageRequired })
  .min(1, MESSAGES.languageRequired)
  .max(LANGUAGE_MAX)
  .pipe(z.enum(LANGUAGES, { error: 'Language must be English, Chinese, Malay or Tamil' }));

/** Every error the API sends: a machine code and a sentence a person can read. */
export const ApiErrorSchema = z.object({
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

export const ParentParamsSchema = z.object({ parentId: IdSchema });
export const ChildParamsSchema = z.object({ childId: IdSchema });
export const WordSetParamsSchema = z.object({ childId: IdSchema, wordSetId: IdSchema });
export const WordParamsSchema = z.object({ childId: IdSchema, wordId: IdSchema });

export const HealthSchema = z.object({ status: z.literal('ok') });
export const ReadySchema = z.object({ status: z.literal('ready') });
