import { z } from 'zod';
import { CHILD_NAME_MAX, MESSAGES } from '../messages.js';
import { IdSchema, textSchema } from './common.js';

export const ChildNameSchema = textSchema(MESSAGES.nameRequired)
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(CHILD_NAME_MAX, MESSAGES.nameTooLong);

export const CreateChildSchema = z.object({ childName: ChildNameSchema });
export type CreateChild = z.infer<typeof CreateChildSchema>;

/** `PATCH /child/{childId}`: a new name, checked as when the child was added. */
export const RenameChildSchema = CreateChildSchema;
export type RenameChild = CreateChild;

export const ChildSummarySchema = z.object({ id: IdSchema, name: z.string() });
export type ChildSummary = z.infer<typeof ChildSummarySchema>;
