import type { WordInSet } from '@spellwell/shared';
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import { WordListDialog } from './word-list-dialog';
import { recorderForRole, WordRecorderSlot, type WordRecorderSlotProps } from './word-recorder-slot';

const word = (wordString: string, hasRecording = false): WordInSet => ({
  id: crypto.randomUUID(),
  wordString,
  reading: null,
  easeFactor: 2.5,
  interval: 0,
  nextReview: null,
  hasRecording,
});

// What the route plugs in: here, a marker showing what it was given.
function Recorder({ childId, wordSetId, word }: WordRecorderSlotProps) {
  return <button type="button">{`Record ${word.wordString} for ${childId}/${wordSetId}`}</button>;
}

function renderList(
  ids: { childId?: string; wordSetId?: string },
  words: WordInSet[],
  recorder: ComponentType<WordRecorderSlotProps> | null = Recorder,
) {
  return render(
    <WordRecorderSlot.Provider value={recorder}>
      <WordListDialog open words={words} language="English" onClose={() => undefined} {...ids} />
    </WordRecorderSlot.Provider>,
  );
}

describe('WordListDialog: recording from the Word List (issue 22)', () => {
  it("gives each word the route's recorder, with its child and set, beside the 'Your voice' badge", () => {
    renderList({ childId: 'c1', wordSetId: 's1' }, [word('cloud'), word('rain', true)]);
    const [cloud, rain] = screen.getAllByRole('listitem');
    expect(within(cloud!).getByRole('button')).toHaveTextContent('Record cloud for c1/s1');
    expect(cloud).not.toHaveTextContent('Your voice');
    expect(within(rain!).getByRole('button')).toHaveTextContent('Record rain for c1/s1');
    expect(rain).toHaveTextContent('Your voice');
  });

  it('offers no recorder without one set to record into (a practice across sets)', () => {
    renderList({ childId: 'c1' }, [word('cloud')]);
    expect(screen.getByRole('listitem')).toHaveTextContent('cloud');
    expect(screen.queryByRole('button', { name: /Record/ })).toBeNull();
  });

  it('offers the recorder to an owner or co-parent, never to a tutor or an unknown role (issue 37)', () => {
    for (const role of ['owner', 'co-parent'] as const) {
      const { unmount } = renderList(
        { childId: 'c1', wordSetId: 's1' },
        [word('cloud')],
        recorderForRole(role, Recorder),
      );
      expect(screen.getByRole('button', { name: 'Record cloud for c1/s1' })).toBeInTheDocument();
      unmount();
    }
    for (const role of ['tutor', undefined] as const) {
      const { unmount } = renderList(
        { childId: 'c1', wordSetId: 's1' },
        [word('cloud', true)],
        recorderForRole(role, Recorder),
      );
      expect(screen.getByRole('listitem')).toHaveTextContent('cloud');
      expect(screen.queryByRole('button', { name: /Record/ })).toBeNull();
      unmount();
    }
  });
});
