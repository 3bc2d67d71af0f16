import { z } from 'zod';
import { isIsoDate } from '../dates.js';
import { LANGUAGES } from '../languages.js';
import { LANGUAGE_MAX, MESSAGES } from '../messages.js';

// In the browser, zod's JIT probes `new Function` once, which our CSP (no 'unsafe-eval') reports
// as a violation. The server keeps the faster JIT.
if ('window' in globalThis) z.config({ jitless: true });

/** Every id is a random UUID, so ids reveal nothing and cannot be guessed in sequence. */
export const IdSchema = z.uuid({ error: 'Not a valid id' });

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
