import type { ChildWithWordSets } from '@spellwell/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DashboardPage } from './dashboard-page';

// A stand-in for the API over fetch, holding the parent's children in memory.
const parentId = crypto.randomUUID();
let children: ChildWithWordSets[];
let childPosts: unknown[];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const path = String(input).replace(/^\/api/, '');
  if (path === `/word-sets/${parentId}`) return json(children);
  if (path === `/child/create/${parentId}` && init.method === 'POST') {
    const { childName } = JSON.parse(String(init.body)) as { childName: string };
    childPosts.push(childName);
    const child = {
      id: crypto.randomUUID(),
      name: childName,
      languages: [],
      school: null,
      level: null,
      colour: 'teal' as const,
      pronoun: 'their' as const,
    };
    children = [...children, { ...child, role: 'owner', wordSets: [] }];
    return json(child, 201);
  }
  if (path.startsWith('/review/today/')) {
    return json({
      wordsReviewedToday: 7,
      wordsReviewedAllTime: 120,
      highestStreak: 1,
      dailyStatsCount: 2,
      ownAnswersToday: [],
      onOwnToday: 0,
    });
  }
  if (path.startsWith('/review/history/')) {
    return json({
      days: [
        { date: '2026-01-04', wordsReviewed: 0, onOwn: 0, gradedBy: [] },
        { date: '2026-01-05', wordsReviewed: 7, onOwn: 0, gradedBy: [] },
      ],
    });
  }
  return json({ error: 'not_found', message: 'No route' }, 404);
}

function Search() {
  return <output data-testid="search">{useLocation().search}</output>;
}

function renderDashboard(search = '') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: (
          <>
            <DashboardPage parentId={parentId} />
            <Search />
          </>
        ),
      },
    ],
    { initialEntries: [`/dashboard${search}`] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const mei = (): ChildWithWordSets => ({
  id: crypto.randomUUID(),
  name: 'Mei',
  role: 'owner',
  languages: [],
  school: null,
  level: null,
  colour: 'teal',
  pronoun: 'her',
  wordSets: [
    {
      id: crypto.randomUUID(),
      testDate: '2999-01-05',
      description: '听写一',
      language: 'Chinese',
      wordCount: 12,
      dueCount: 12,
      resumeAt: null,
      words: Array.from({ length: 12 }, (_, i) => `字${i}`),
      planForTestDate: false,
      readiness: { expectedCorrect: 6, wordCount: 12, atRisk: [], range: { low: 4, high: 8 } },
      testResult: null,
      predictedForTest: null,
      practisedCount: 0,
      masteredCount: 0,
    },
    {
      id: crypto.randomUUID(),
      testDate: '2020-03-02',
      description: 'Week 1',
      language: 'English',
      wordCount: 1,
      dueCount: 0,
      resumeAt: null,
      words: ['apple'],
      planForTestDate: false,
      readiness: {
        expectedCorrect: 0.6,
        wordCount: 1,
        atRisk: [crypto.randomUUID()],
        range: { low: 1, high: 1 },
      },
      testResult: null,
      predictedForTest: null,
      practisedCount: 1,
      masteredCount: 0,
    },
  ],
});

beforeEach(() => {
  children = [];
  childPosts = [];
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  return () => vi.unstubAllGlobals();
});

describe('DashboardPage', () => {
  it('a new parent lands on "Add Child": validation, "Child Added", then the new tab opens', async () => {
    const user = userEvent.setup();
    renderDashboard();
    expect(await screen.findByRole('heading', { name: 'Add your first child' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Add Child' })).toHaveAttribute('aria-selected', 'true');
    const name = screen.getByLabelText("Child's Name");
    expect(name).toHaveAttribute('placeholder', "Enter child's name");

    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    await user.type(name, 'Abcdefghijklmnop');
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    expect(await screen.findByText('Name cannot exceed 15 characters')).toBeInTheDocument();
    expect(childPosts).toEqual([]);

    await user.clear(name);
    await user.type(name, 'Mei');
    await user.click(screen.getByRole('button', { name: 'Add Child' }));
    expect(await screen.findByRole('button', { name: 'Child Added' })).toBeInTheDocument();
    expect(childPosts).toEqual(['Mei']);
    // The tab is there at once, and opens (with focus) once the success has been seen.
    expect(screen.getByRole('tab', { name: 'Mei' })).toBeInTheDocument();
    const tab = await screen.findByRole('tab', { name: 'Mei', selected: true }, { timeout: 3000 });
    // Selection and focus land in separate commits: on a loaded machine the assertion can run between them.
    await waitFor(() => expect(tab).toHaveFocus());
    // Remembered in the URL, so a reload opens the same child.
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(`?child=${children[0]!.id}`));
    expect(screen.getByRole('link', { name: 'Add a practice for Mei' })).toHaveAttribute(
      'href',
      `/add-words/${children[0]!.id}`,
    );
  }, 15_000);

  it('opens the child named in the URL and lists their practices, past ones marked', async () => {
    const first = { ...mei(), name: 'Arun', wordSets: [] };
    const second = mei();
    children = [first, second];
    renderDashboard(`?child=${second.id}`);
    expect(await screen.findByRole('tab', { name: 'Mei', selected: true })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Practice' })).toHaveAttribute(
      'href',
      `/add-words/${second.id}`,
    );

    const rows = within(screen.getByRole('list', { name: 'Practices for Mei' })).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const [upcoming, past] = rows as [HTMLElement, HTMLElement];
    const open = within(upcoming).getByRole('link', { name: /^Sat, 05 Jan 2999/ });
    expect(open).toHaveAttribute('href', `/practice/${second.id}/${second.wordSets[0]!.id}`);
    expect(open).toHaveTextContent('Sat, 05 Jan 2999');
    expect(open).toHaveTextContent('12 words');
    expect(open).toHaveTextContent('Chinese');
    expect(within(upcoming).getByText('听写一')).toHaveAttribute('lang', 'zh-Hans');
    expect(within(upcoming).queryByText('Past')).not.toBeInTheDocument();
    expect(within(upcoming).getByRole('link', { name: 'Edit words for 听写一' })).toHaveAttribute(
      'href',
      `/edit/${second.id}/${second.wordSets[0]!.id}`,
    );
    expect(within(past).getByText('Mon, 02 Mar 2020')).toBeInTheDocument();
    expect(within(past).getByText('1 word')).toBeInTheDocument();
    expect(within(past).getByText('Past')).toBeInTheDocument();
    // The predicted score (issue 19): none before any practice; a past test gives today's.
    expect(within(upcoming).getByText('Not practised yet')).toBeInTheDocument();
    expect(within(upcoming).queryByRole('link', { name: /Practise the weak words/ })).not.toBeInTheDocument();
    expect(within(past).getByText('Likely 1 of 1 if tested today')).toBeInTheDocument();
    const weakId = second.wordSets[1]!.readiness.atRisk[0]!;
    expect(within(past).getByRole('link', { name: 'Practise the weak words of Week 1 (1)' })).toHaveAttribute(
      'href',
      `/practice/${second.id}/${second.wordSets[1]!.id}?words=${weakId}`,
    );
  });

  it("shows today's figures with their labels and a chart a screen reader can read", async () => {
    children = [mei()];
    renderDashboard();
    const stats = await screen.findByRole('region', { name: 'Today' });
    const figure = async (label: string) => (await within(stats).findByText(label)).nextElementSibling;
    expect(await figure('Words Today')).toHaveTextContent('7');
    expect(await figure('All Time')).toHaveTextContent('120');
    expect(await figure('Best Streak')).toHaveTextContent('1 day');
    expect(await figure('Sets Completed')).toHaveTextContent('2');
    expect(await within(stats).findByRole('img')).toHaveAccessibleName(
      'Words reviewed in the last 2 days: 7 in total on 1 day, most on Mon, 05 Jan 2026 (7).',
    );
  });
});
