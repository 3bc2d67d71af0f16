import { addDaysIso, type WordSetSummary } from '@spellwell/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SetReadiness } from './set-readiness';

const today = '2026-11-27';

// A list whose test was two days ago: the card asks for the result.
const tested = (testResult: WordSetSummary['testResult'] = null): WordSetSummary => ({
  id: crypto.randomUUID(),
  testDate: addDaysIso(today, -2),
  description: 'Week 3',
  language: 'English',
  wordCount: 10,
  dueCount: 0,
  resumeAt: null,
  words: [],
  planForTestDate: true,
  readiness: { expectedCorrect: 8, wordCount: 10, atRisk: [], range: { low: 7, high: 9 } },
  masteredCount: 6,
  testResult,
  predictedForTest: null,
  practisedCount: 10,
});

function renderCard(set: WordSetSummary, canEdit?: boolean) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <SetReadiness childId="c1" set={set} today={today} canEdit={canEdit} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('SetReadiness: the test result (issues 34, 37)', () => {
  it('asks an owner or co-parent for the result, and lets them change it', () => {
    const { unmount } = renderCard(tested());
    expect(screen.getByRole('form', { name: 'Test result of Week 3' })).toBeInTheDocument();
    unmount();
    renderCard(tested({ correct: 8, total: 10, recordedAt: '2026-11-26T18:00:00Z' }), true);
    expect(screen.getByRole('button', { name: 'Change the test result of Week 3' })).toBeInTheDocument();
  });

  it('shows a tutor the result, but neither the form nor "Change": the server refuses them', () => {
    const { unmount } = renderCard(tested(), false);
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByText('How did the test go?')).toBeNull();
    expect(screen.getByText('6 of 10 mastered')).toBeInTheDocument();
    unmount();
    renderCard(tested({ correct: 8, total: 10, recordedAt: '2026-11-26T18:00:00Z' }), false);
    expect(screen.getByText(/Scored 8/)).toHaveTextContent('Scored 8 of 10');
    expect(screen.queryByRole('button', { name: /Change/ })).toBeNull();
  });
});
