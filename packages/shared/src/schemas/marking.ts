import { z } from 'zod';

import { IdSchema } from './common.js';

/**
 * Issue 39: a photo of the child's printed sheet, marked box by box against the words expected.
 * `unsure` is never a guess: a blank, crossed-out or doubtful answer, or a language the
 * recogniser cannot write (Tamil).
 */
export const MarkVerdictSchema = z.enum(['correct', 'wrong', 'unsure']);
export type MarkVerdict = z.infer<typeof MarkVerdictSchema>;

export const WordMarkSchema = z.object({
  wordId: IdSchema,
  verdict: MarkVerdictSchema,
  /** How sure the marker is of its verdict, 0.5 to 1 (for `unsure`, the odds the answer is right). */
  confidence: z.number().min(0).max(1),
  /** The answer as photographed, flattened and cut out: a small JPEG data URL. */
  crop: z.string(),
});
export type WordMark = z.infer<typeof WordMarkSchema>;

/** `POST /child/{childId}/printed-sheets/{sheetId}/marking`: the marks of the words on the photographed page. */
export const SheetMarkingSchema = z.object({
  sheetId: IdSchema,
  /** The page of the sheet in the photo (a long sheet prints on several). */
  page: z.number().int().min(1),
  marks: z.array(WordMarkSchema),
});
export type SheetMarking = z.infer<typeof SheetMarkingSchema>;

export const MARKING_MESSAGES = {
  otherSheet: 'This photo is of another sheet',
  noSheet:
    'No SpellWell sheet was found in this photo. Photograph the whole child’s sheet from above, in good light, with its four black corner squares and the QR code in the picture.',
  notMarkable:
    'This sheet was printed before marking from a photo was possible. Print it again to mark it from a photo.',
  /** Said beside every set of marks, in the app and in docs/marking.md. */
  caveat: "Fonts are not children's hands: check each mark. Your Save decides.",
} as const;
