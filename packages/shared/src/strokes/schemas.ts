import { z } from 'zod';
import { HANZI_CHAR_PATTERN } from './grade-suggestion.js';

/** `GET /api/hanzi/:char.json`: exactly one Han character. */
export const HanziParamsSchema = z.object({
  char: z.string().regex(HANZI_CHAR_PATTERN, 'Expected one Chinese character'),
});
export type HanziParams = z.infer<typeof HanziParamsSchema>;

/** The data hanzi-writer draws and quizzes from (hanzi-writer-data's format, 1024-unit coordinates). */
export const StrokeDataSchema = z.object({
  strokes: z.array(z.string()),
  medians: z.array(z.array(z.tuple([z.number(), z.number()]))),
  radStrokes: z.array(z.number()).optional(),
});
export type StrokeData = z.infer<typeof StrokeDataSchema>;
