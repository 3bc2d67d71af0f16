import { kidAnswer, kidToken } from '../features/kid/kid-api';
import { KID_OUTBOX_DB, kidOutbox as childsOutbox, type KidQueuedAnswer } from '../features/kid/kid-outbox';
import { createOutbox, drainOutbox } from '../features/offline/outbox/outbox';

/**
 * The child's answers wait in the offline feature's outbox, in a database of their own: the
 * parent's opens only while a parent is signed in, and the child's answers go with the child's
 * session.
 */
export const kidOutbox = childsOutbox(
  createOutbox<KidQueuedAnswer>({
    database: KID_OUTBOX_DB,
    store: 'answers',
    isOpen: () => Boolean(kidToken.get()),
    send: ({ wordId, body }) => kidAnswer(wordId, body),
  }),
  drainOutbox,
);
