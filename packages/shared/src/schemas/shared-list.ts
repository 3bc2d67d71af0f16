import { z } from 'zod';
import { normaliseShareCode } from '../share/share-code.js';
import { IdSchema, IsoDateSchema, LanguageSchema, textSchema } from './common.js';

/** Issue 37, item 5: a word list shared by a code, and what the API says about it. */
export const SHARE_MESSAGES = {
  codeRequired: 'Type the code of the shared list',
  codeInvalid: 'That is not a share code. A code looks like K7QM-2XR9-HT4P.',
  notFound: 'No shared list has this code. Check it and type it again.',
  stopped: 'This list is no longer shared. Ask the person who shared it for a new code.',
  alreadyImported: 'This child already has this list.',
  tooManyLookups: 'Too many share codes tried.',
} as const;

/**
 * A code as a person types it (lower case, without dashes, with spaces), turned into the form
 * it is stored in; a string that cannot be a code is refused before any lookup.
 */
export const ShareCodeSchema = textSchema(SHARE_MESSAGES.codeRequired)
  .max(64, SHARE_MESSAGES.codeInvalid)
  .transform((typed, ctx) => {
    const code = normaliseShareCode(typed);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: SHARE_MESSAGES.codeInvalid });
      return z.NEVER;
    }
    return code;
  });

export const SharedListParamsSchema = z.object({ code: ShareCodeSchema });

/** `POST /child/{childId}/word-sets/{wordSetId}/share`: the code and the page that opens it. */
export const ShareCreatedSchema = z.object({ code: z.string(), url: z.string() });
export type ShareCreated = z.infer<typeof ShareCreatedSchema>;

/** The set's share as its own page shows it: the active code, or null when not shared. */
export const ShareStatusSchema = z.object({ share: ShareCreatedSchema.nullable() });
export type ShareStatus = z.infer<typeof ShareStatusSchema>;

/**
 * `GET /shared-lists/{code}`: the list and nothing of the family that shared it (no child's
 * name, no grades). `readings` runs beside `words`: a Chinese word's pinyin, else null.
 */
export const SharedListSchema = z.object({
  description: z.string(),
  language: LanguageSchema,
  testDate: IsoDateSchema,
  words: z.array(z.string()),
  readings: z.array(z.string().nullable()),
});
export type SharedList = z.infer<typeof SharedListSchema>;

/**
 * `POST /shared-lists/{code}/import`. A second copy in the same child is made only when asked
 * for with `again: true`; without it the answer is 409 with the existing set's id.
 */
export const ImportSharedListSchema = z.object({ childId: IdSchema, again: z.boolean().optional() }).strict();
export type ImportSharedList = z.infer<typeof ImportSharedListSchema>;

/**
 * The 409s of an import: `already_imported` with the child's existing copy (`wordSetId`), or
 * `quota_exceeded` (no id) when the family has no room for another set.
 */
export const ImportConflictSchema = z.object({
  error: z.string(),
  message: z.string(),
  wordSetId: IdSchema.optional(),
});
export type ImportConflict = z.infer<typeof ImportConflictSchema>;
