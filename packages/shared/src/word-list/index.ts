export { numberingGap, understandList } from './understand-list.js';
export {
  LIST_EMPTY_MESSAGES,
  LIST_EMPTY_REASONS,
  type ListEmptyReason,
  type ListEntry,
  type ListLineBox,
  type RecognisedLine,
  type UnderstoodList,
} from './types.js';
