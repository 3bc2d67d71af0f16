import { wordCount } from './prose.js';
import { ITEM_MAX_HAN, ITEM_MAX_WORDS, SEPARATED_ITEMS } from './thresholds.js';

/* Words on one line separated by commas, semicolons, 、 or ，: "because, friend, said". */

const SEPARATOR = /\s*[,;，；、]\s*/u;
/** "and" before the last item: "because, friend and said" has three. */
const LAST_AND = /\s+(?:and|&|dan|serta|和|及|மற்றும்)\s+(?=\S)/iu;
/** A sentence's end: the commas were a sentence's. */
const SENTENCE_END = /(?:[^.]\.|[!?！？。])["'”’)]*$/u;

const hanOf = (text: string) => text.match(/\p{Script=Han}/gu)?.length ?? 0;
const isItem = (text: string) =>
  /\p{L}/u.test(text) && wordCount(text) <= ITEM_MAX_WORDS && hanOf(text) <= ITEM_MAX_HAN;

/**
 * The items of a separated list, or undefined when the line is not one. Three items make a
 * list; two do when a label on the line or a list on the line before says a list goes on
 * (`expected`), unless they end like a sentence ("收到，谢谢老师！"), and one does then when a
 * separator after it says the list goes on on the next line.
 */
export function splitItems(text: string, expected: boolean): string[] | undefined {
  if (!SEPARATOR.test(text)) return undefined;
  // A sentence's end after three items or more is the chat's full stop, not a sentence's.
  const items = text
    .replace(/[.。!！]+$/u, '')
    .split(SEPARATOR)
    .filter((item) => item.trim() !== '');
  const last = items.at(-1);
  if (last !== undefined && items.length > 1) {
    const tail = last.split(LAST_AND);
    if (tail.length === 2 && tail.every(isItem)) items.splice(-1, 1, ...tail);
  }
  // "Spelling words: favourite," — one item is a list when a label says so and it goes on.
  const goesOn = /[,;，；、]\s*$/u.test(text);
  const fewest = expected && !SENTENCE_END.test(text) ? (goesOn ? 1 : 2) : SEPARATED_ITEMS;
  if (items.length < fewest || !items.every(isItem)) return undefined;
  return items;
}
