import { describe, expect, it } from 'vitest';
import { KidOffline, KidOutOfTurn, KidSignedOut } from './kid-api';
import { drainOutbox } from '../offline/outbox/outbox';
import { drainAnswers as drainWith, type AnswerQueue, type KidQueuedAnswer } from './kid-outbox';

/** The child's drain on the offline feature's, as app/kid-outbox.ts composes them. */
const drainAnswers = (queue: AnswerQueue, send: (answer: KidQueuedAnswer) => Promise<unknown>) =>
  drainWith(queue, send, drainOutbox);

/** The IndexedDB store's behaviour in memory: keys sorted, removal by key. */
function queueOf(...words: string[]) {
  const entries = new Map<string, KidQueuedAnswer>(
    words.map((wordId, i) => [
      `k${i}`,
      { wordId, body: { answer: wordId, attempt: 1, answerId: `id-${wordId}` } },
    ]),
  );
  const queue: AnswerQueue = {
    list: async () => [...entries].sort(([a], [b]) => a.localeCompare(b)),
    remove: async (key) => void entries.delete(key),
  };
  return { queue, entries };
}

describe('drainAnswers', () => {
  it('sends the kept answers oldest first, each once, and empties the queue', async () => {
    const { queue, entries } = queueOf('a', 'b', 'c');
    const sent: string[] = [];
    const drained = await drainAnswers(queue, async ({ wordId }) => void sent.push(wordId));
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(drained).toEqual({ sent: 3, refused: 0, outcome: 'sent' });
    expect(entries.size).toBe(0);
  });

  it('stops at the first answer without a reply and keeps it and the rest, in order', async () => {
    const { queue, entries } = queueOf('a', 'b', 'c');
    const drained = await drainAnswers(queue, async ({ wordId }) => {
      if (wordId === 'b') throw new KidOffline();
    });
    expect(drained).toEqual({ sent: 1, refused: 0, outcome: 'offline' });
    expect([...entries.values()].map((e) => e.wordId)).toEqual(['b', 'c']);
  });

  it('drops an answer the server refused and goes on with the next', async () => {
    const { queue, entries } = queueOf('a', 'b');
    const sent: string[] = [];
    const drained = await drainAnswers(queue, async ({ wordId }) => {
      if (wordId === 'a') throw new KidOutOfTurn(2);
      sent.push(wordId);
    });
    expect(sent).toEqual(['b']);
    expect(drained).toEqual({ sent: 1, refused: 1, outcome: 'sent' });
    expect(entries.size).toBe(0);
  });

  it('stops when the session has ended, leaving the answers for sign-out to delete', async () => {
    const { queue, entries } = queueOf('a', 'b');
    const drained = await drainAnswers(queue, async () => {
      throw new KidSignedOut();
    });
    expect(drained.outcome).toBe('signed-out');
    expect(entries.size).toBe(2);
  });

  it('sends an answer kept while it was sending, behind the others', async () => {
    const { queue, entries } = queueOf('a');
    const sent: string[] = [];
    await drainAnswers(queue, async ({ wordId, body }) => {
      sent.push(wordId);
      if (wordId === 'a') entries.set('k9', { wordId: 'late', body });
    });
    expect(sent).toEqual(['a', 'late']);
    expect(entries.size).toBe(0);
  });
});
