import type { UpdateWord, UpdatedWord } from '@spellwell/shared';

/**
 * What the practice sends through the offline feature's outbox
 * (features/offline/outbox/parent-outbox.ts): a change with no network waits there and is sent
 * when it returns. Features do not import each other (STYLE.md), so the routes that practise
 * hand it in (app/practice-outbox.ts) before the page's first change.
 */
export interface PracticeOutbox {
  /** Sends a grade; null when it waits for the network. */
  sendGrade(grade: {
    childId: string;
    wordSetId: string;
    wordId: string;
    word?: string;
    payload: UpdateWord & { idempotencyKey: string };
  }): Promise<UpdatedWord | null>;
  /** Sends another change of a practice behind the grades still waiting; null when it waits. */
  sendRequest<T>(request: {
    method: 'PUT' | 'POST' | 'DELETE';
    path: string;
    body?: unknown;
  }): Promise<T | null>;
  /** Takes a grade back before it was sent (Undo); true when it was still waiting. */
  discardFromOutbox(idempotencyKey: string): Promise<boolean>;
}

let load: (() => Promise<PracticeOutbox>) | undefined;

/** Hands the outbox in; asked for at once, so it is in before the first grade needs it. */
export function providePracticeOutbox(outbox: () => Promise<PracticeOutbox>): void {
  load = outbox;
  void outbox().catch(() => undefined);
}

export const practiceOutbox = (): Promise<PracticeOutbox> =>
  load ? load() : Promise.reject(new Error('No outbox was handed to the practice (app/practice-outbox.ts).'));
