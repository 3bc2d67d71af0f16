import { CreatedSchema } from '@spellwell/shared';
import { api } from '../../../lib/api-client';

/** `POST /review/{childId}`: a saved sheet counts as a finished session in the child's statistics. */
export function postSheetReview(childId: string, wordsReviewed: number) {
  return api(`/review/${childId}`, { method: 'POST', body: { wordsReviewed }, schema: CreatedSchema });
}
