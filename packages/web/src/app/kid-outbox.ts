import { KidOffline, kidAnswer, kidToken } from '../features/kid/kid-api';
import {
  KID_OUTBOX_DB,
  kidOutbox as childsOutbox,
  type KidOutbox,
  type KidQueuedAnswer,
} from '../features/kid/kid-outbox';

/**
 * The child's answers wait in the offline feature's outbox, in a database of their own: the
 * parent's opens only while a parent is signed in, and the child's answers go with the child's
 * session. Its code loads with the page's first flush (the page's initial JavaScript has a
 * budget), before any answer is sent.
 */
let loading: Promise<KidOutbox> | undefined;
const load = () =>
  (loading ??= import('../features/offline/outbox/outbox').then(
    ({ createOutbox, drainOutbox }) =>
      childsOutbox(
        createOutbox<KidQueuedAnswer>({
          database: KID_OUTBOX_DB,
          store: 'answers',
          isOpen: () => Boolean(kidToken.get()),
          send: ({ wordId, body }) => kidAnswer(wordId, body),
        }),
        drainOutbox,
      ),
    (error: unknown) => {
      // Asked again later (the network back), not refused for good.
      loading = undefined;
      throw error;
    },
  ));

/** Without its code (the network went before it came) nothing waits, and nothing can be kept. */
export const kidOutbox: KidOutbox = {
  flush: () =>
    load().then(
      (outbox) => outbox.flush(),
      () => ({ sent: 0, refused: 0, outcome: 'offline' as const }),
    ),
  send: (wordId, body) =>
    load().then(
      (outbox) => outbox.send(wordId, body),
      () => {
        throw new KidOffline();
      },
    ),
  forget: () =>
    load().then(
      (outbox) => outbox.forget(),
      () => {
        if (typeof indexedDB !== 'undefined') indexedDB.deleteDatabase(KID_OUTBOX_DB);
      },
    ),
};
