import { GRADES } from '@spellwell/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../../offline/outbox/outbox-lazy';
import { providePracticeOutbox } from '../api/practice-outbox';
import { PracticePage } from './practice-page';

// As the practice route does (app/routes/practice.tsx): the offline feature's outbox.
providePracticeOutbox(outbox);

// A stand-in for the API over fetch, holding one word set and its stored session in memory.
const childId = crypto.randomUUID();
const wordSetId = crypto.randomUUID();
const words = ['apple', 'banana', 'cherry'].map((wordString) => ({
  id: crypto.randomUUID(),
  wordString,
  reading: null,
  easeFactor: 2.5,
  interval: 0,
  nextReview: null,
  hasRecording: false,
}));

interface Call {
  method: string;
  path: string;
  body: unknown;
}

let calls: Call[];
let position: number;
let holdUpdates: Promise<void> | null;
let audioAnswer: () => Promise<Response>;

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

async function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const path = String(input).replace(/^\/api/, '');
  const method = init.method ?? 'GET';
  const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
  calls.push({ method, path, body });
  const session = () => ({ wordIds: words.map((w) => w.id), position, dueCount: words.length });
  if (path === `/child/${childId}/word-sets/${wordSetId}`) {
    return json({
      id: wordSetId,
      testDate: '2099-01-01',
      description: 'Week 1',
      language: 'English',
      words,
      planForTestDate: false,
      readiness: { expectedCorrect: 1.5, wordCount: 3, atRisk: [], range: { low: 0, high: 3 } },
      testResult: null,
      predictedForTest: null,
      plannedReviews: [],
    });
  }
  if (path === `/practice-session/${childId}/${wordSetId}`) {
    if (method === 'PUT') position = (body as { position: number }).position;
    if (method === 'DELETE') {
      position = 0;
      return new Response(null, { status: 204 });
    }
    return json(session());
  }
  if (path.startsWith(`/words/update/${childId}/`)) {
    if (holdUpdates) await holdUpdates;
    const word = words.find((w) => path.endsWith(w.id))!;
    return json({
      id: word.id,
      wordString: word.wordString,
      easeFactor: 2.5,
      interval: 1,
      nextReview: '2099-01-02',
    });
  }
  if (path === `/review/${childId}`) return json({ id: crypto.randomUUID() }, 201);
  if (path.startsWith('/words/read?')) return audioAnswer();
  if (path.startsWith(`/words/recording/${childId}/`)) return audioAnswer();
  return json({ error: 'not_found', message: 'No route' }, 404);
}

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/practice',
        element: (
          <PracticePage
            childId={childId}
            wordSetId={wordSetId}
            dashboardHref="/dashboard/p"
            childName="Mei"
          />
        ),
      },
      { path: '/dashboard/p', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/practice'] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const reviewCalls = () => calls.filter((c) => c.method === 'POST' && c.path === `/review/${childId}`);
const question = (n: number) => screen.findByRole('heading', { name: `Question ${n}` });

beforeEach(() => {
  calls = [];
  position = 0;
  holdUpdates = null;
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  audioAnswer = async () =>
    new Response(new Uint8Array(64).fill(1), { status: 200, headers: { 'content-type': 'audio/mpeg' } });
  vi.spyOn(console, 'info').mockImplementation(() => undefined);
  // jsdom has no media playback: record what the page asks of the one audio element.
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  URL.createObjectURL ??= () => '';
  URL.revokeObjectURL ??= () => undefined;
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:audio');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PracticePage', () => {
  it('starts at "Question 1" with the word hidden, and Show Word / Hide Word toggles it', async () => {
    const user = userEvent.setup();
    renderPage();
    await question(1);
    expect(screen.queryByText('apple')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Word' }));
    expect(screen.getByText('apple')).toHaveAttribute('lang', 'en-GB');
    expect(screen.getByRole('button', { name: 'Hide Word' })).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide Word' }));
    expect(screen.queryByText('apple')).not.toBeInTheDocument();
  });

  it('grading moves on at once, hides the word, and disables grading until the update settles', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    holdUpdates = new Promise((resolve) => (release = resolve));
    renderPage();
    await question(1);
    await user.click(screen.getByRole('button', { name: 'Show Word' }));
    await user.click(screen.getByRole('button', { name: 'Easy' }));
    await question(2);
    expect(screen.queryByText('banana')).not.toBeInTheDocument();
    for (const name of ['Easy', 'Medium', 'Difficult'])
      expect(screen.getByRole('button', { name })).toBeDisabled();
    await act(async () => release());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Easy' })).toBeEnabled());

    const update = calls.find((c) => c.path.startsWith('/words/update/'))!;
    expect(update.path).toBe(`/words/update/${childId}/${words[0]!.id}`);
    expect(update.body).toMatchObject({ quality: GRADES.easy, easeFactor: 2.5, interval: 1 });
    expect((update.body as { idempotencyKey: string }).idempotencyKey).toMatch(/^[0-9a-f-]{32,36}$/);
    await waitFor(() => expect(position).toBe(1));
  });

  it('skipping the last word finishes without the daily-stats call', async () => {
    const user = userEvent.setup();
    renderPage();
    await question(1);
    await user.click(screen.getByRole('button', { name: 'Easy' }));
    await question(2);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Medium' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Medium' }));
    await question(3);
    await user.click(screen.getByRole('button', { name: 'Skip Word' }));
    await screen.findByRole('heading', { name: 'Congratulations!' });
    expect(screen.queryByRole('button', { name: 'Skip Word' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(reviewCalls()).toEqual([]);
  });

  it('grading the last word sends the daily stats once, with the number of words graded', async () => {
    const user = userEvent.setup();
    renderPage();
    await question(1);
    await user.click(screen.getByRole('button', { name: 'Skip Word' }));
    await question(2);
    await user.click(screen.getByRole('button', { name: 'Difficult' }));
    await question(3);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Easy' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Easy' }));
    await screen.findByRole('heading', { name: 'Congratulations!' });
    await waitFor(() =>
      expect(reviewCalls()).toEqual([
        {
          method: 'POST',
          path: `/review/${childId}`,
          // The day it finished and a key: a second send (from the outbox) is recorded once.
          body: { wordsReviewed: 2, completedOn: expect.any(String), idempotencyKey: expect.any(String) },
        },
      ]),
    );
  });

  it('resumes at the stored position', async () => {
    position = 2;
    renderPage();
    await question(3);
  });

  it('the keyboard grades, skips and toggles the word', async () => {
    const user = userEvent.setup();
    renderPage();
    await question(1);
    await user.keyboard(' ');
    expect(screen.getByText('apple')).toBeInTheDocument();
    await user.keyboard('1');
    await question(2);
    await user.keyboard('s');
    await question(3);
  });

  it('the word list dialog numbers every word and closes', async () => {
    const user = userEvent.setup();
    renderPage();
    await question(1);
    await user.click(screen.getByRole('button', { name: 'Word List' }));
    // Opened before the page's quiet moment, the dialog's code loads then (lib/first-screen.ts).
    const dialog = await screen.findByRole('dialog', { name: 'Word List (3 words)' });
    expect([...dialog.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual([
      'apple',
      'banana',
      'cherry',
    ]);
    await user.keyboard('1');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(screen.getByRole('heading', { name: 'Question 1' })).toBeInTheDocument();
  });

  it('Play Word reads "Reading" while fetching, then plays the word for the language', async () => {
    const user = userEvent.setup();
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    const base = audioAnswer;
    audioAnswer = async () => {
      await held;
      return base();
    };
    renderPage();
    await question(1);
    await user.click(screen.getByRole('button', { name: 'Play Word' }));
    expect(screen.getByRole('button', { name: 'Reading' })).toBeDisabled();
    await act(async () => answer());
    await screen.findByRole('button', { name: 'Play Word' });
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('word-audio')).toHaveAttribute('src', 'blob:audio');
    expect(calls.find((c) => c.path.startsWith('/words/read'))?.path).toBe(
      '/words/read?word=apple&language=English',
    );
  });

  it('shows "Failed to fetch audio" when the answer is not audio', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    audioAnswer = async () => json({ error: 'internal', message: 'Broken' }, 500);
    const user = userEvent.setup();
    renderPage();
    await question(1);
    await user.click(screen.getByRole('button', { name: 'Play Word' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch audio');
    expect(screen.getByRole('button', { name: 'Play Word' })).toBeEnabled();
    expect(HTMLMediaElement.prototype.play).not.toHaveBeenCalled();
  });

  it('prefetches the next word while the child writes, so its Play needs no second request', async () => {
    const user = userEvent.setup();
    renderPage();
    await question(1);
    const readsOf = (word: string) =>
      calls.filter((c) => c.path === `/words/read?word=${word}&language=English`);
    await waitFor(() => expect(readsOf('banana')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Skip Word' }));
    await question(2);
    await user.click(screen.getByRole('button', { name: 'Play Word' }));
    await screen.findByRole('button', { name: 'Play Word' });
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(readsOf('banana')).toHaveLength(1);
  });

  it("plays the parent's recording for a word that has one, and the synthesised voice for the others", async () => {
    const banana = words[1]!;
    banana.hasRecording = true;
    try {
      const user = userEvent.setup();
      renderPage();
      await question(1);
      const recordingOf = calls.filter.bind(calls);
      await waitFor(() =>
        expect(recordingOf((c) => c.path === `/words/recording/${childId}/${banana.id}`)).toHaveLength(1),
      );
      await user.click(screen.getByRole('button', { name: 'Skip Word' }));
      await question(2);
      await user.click(screen.getByRole('button', { name: 'Play Word' }));
      await screen.findByRole('button', { name: 'Play Word' });
      expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
      expect(calls.filter((c) => c.path.startsWith('/words/read?word=banana'))).toEqual([]);
    } finally {
      banana.hasRecording = false;
    }
  });

  it('"Speak slowly" asks for slow speech, remembered for the child; "Say each word twice" plays it again after a pause', async () => {
    const user = userEvent.setup();
    try {
      renderPage();
      await question(1);
      await user.click(screen.getByRole('checkbox', { name: 'Speak slowly' }));
      await user.click(screen.getByRole('checkbox', { name: 'Say each word twice' }));
      expect(JSON.parse(localStorage.getItem(`spellwell:speaking:${childId}`)!)).toEqual({
        speed: 'slow',
        twice: true,
      });
      await user.click(screen.getByRole('button', { name: 'Play Word' }));
      await screen.findByRole('button', { name: 'Play Word' });
      expect(calls.filter((c) => c.path.startsWith('/words/read?word=apple')).map((c) => c.path)).toEqual([
        '/words/read?word=apple&language=English&speed=slow',
      ]);
      expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
      // The first saying ends: the same audio plays once more after the pause.
      screen.getByTestId('word-audio').dispatchEvent(new Event('ended'));
      await waitFor(() => expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(2), {
        timeout: 2000,
      });
    } finally {
      localStorage.removeItem(`spellwell:speaking:${childId}`);
    }
  });
});
