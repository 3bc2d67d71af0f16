import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { QUOTA_MESSAGES } from '@spellwell/shared';
import { AddPracticeForm, SAVED_MS } from './add-practice-form';

/** The way back waits SAVED_MS; on a loaded machine the render after it may come late. */
const BACK_ON_DASHBOARD = { timeout: SAVED_MS + 4000 };
import type { SharedPhoto } from './use-shared-photo-scan';

// A stand-in for the API over fetch: records every call, answers from the tables below.
const childId = crypto.randomUUID();
const parentId = crypto.randomUUID();
const official = {
  id: crypto.randomUUID(),
  school: 'Rosyth',
  testDate: '2099-01-05',
  description: '听写一',
  language: 'Chinese',
  words: ['苹果', '香蕉'],
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}
let calls: Call[];
let holdOfficialList: Promise<void> | null;
let ocrAnswer: () => Promise<Response>;
let createAnswer: () => Response;

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function fakeApi(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
  const path = String(input).replace(/^\/api/, '');
  const method = init.method ?? 'GET';
  const body =
    init.body instanceof FormData
      ? Object.fromEntries(init.body)
      : init.body
        ? JSON.parse(String(init.body))
        : undefined;
  calls.push({ method, path, body });
  if (path === '/official-wordset') {
    if (holdOfficialList) await holdOfficialList;
    return json([official]);
  }
  if (path === '/official-wordset/ocr') return ocrAnswer();
  if (path === `/word-sets/create/${childId}`) return createAnswer();
  if (path === '/official-wordset/create') return json({ id: crypto.randomUUID() }, 201);
  return json({ error: 'not_found', message: 'No route' }, 404);
}

function renderForm({ isAdmin = false, sharedPhoto = null as SharedPhoto | null } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '/add',
        element: (
          <AddPracticeForm
            childId={childId}
            parentId={parentId}
            isAdmin={isAdmin}
            dashboardHref="/dashboard"
            sharedPhoto={sharedPhoto}
          />
        ),
      },
      { path: '/dashboard', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: ['/add'] },
  );
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const posts = (path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Image of the words to scan');
const scanLink = () =>
  screen.getByRole('button', { name: 'click here to try to scan an image of the words' });
const image = () => new File([new Uint8Array([137, 80, 78, 71])], 'sheet.png', { type: 'image/png' });

beforeEach(() => {
  calls = [];
  holdOfficialList = null;
  ocrAnswer = async () => json({ text: 'apple\nbanana' });
  createAnswer = () => json({ id: crypto.randomUUID() }, 201);
  vi.stubGlobal('fetch', vi.fn(fakeApi));
  return () => vi.unstubAllGlobals();
});

describe('AddPracticeForm', () => {
  it('shows every validation message of the specification and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Save Practice' }));
    expect(await screen.findByText('Test date is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(screen.getByText('Language is required')).toBeInTheDocument();
    expect(screen.getByText('Add at least one word')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Description'), 'A description too long');
    await user.type(screen.getByLabelText('Words'), '   \n  ');
    await user.click(screen.getByRole('button', { name: 'Save Practice' }));
    expect(await screen.findByText('Description cannot exceed 20 characters')).toBeInTheDocument();
    expect(screen.getByText('Add at least one word')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('offers the four languages, each with its own value, after "Select language"', () => {
    renderForm();
    const options = within(screen.getByLabelText('Language')).getAllByRole<HTMLOptionElement>('option');
    expect(options.map((o) => [o.textContent, o.value])).toEqual([
      ['Select language', ''],
      ['English', 'English'],
      ['Chinese', 'Chinese'],
      ['Malay', 'Malay'],
      ['Tamil', 'Tamil'],
    ]);
  });

  it('scanning without a language asks for it first, focuses it and uploads nothing', async () => {
    const user = userEvent.setup();
    const openPicker = vi.spyOn(HTMLInputElement.prototype, 'click');
    renderForm();
    await user.click(scanLink());
    expect(await screen.findByText('Please select the language first')).toBeInTheDocument();
    expect(screen.getByLabelText('Language')).toHaveFocus();
    expect(screen.getByLabelText('Language')).toHaveAttribute('aria-invalid', 'true');
    expect(openPicker).not.toHaveBeenCalled();
    expect(posts('/official-wordset/ocr')).toEqual([]);

    // Picking a language answers the request; now the link opens the picker.
    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    expect(screen.queryByText('Please select the language first')).not.toBeInTheDocument();
    await user.click(scanLink());
    expect(openPicker).toHaveBeenCalledTimes(1);
  });

  it('scans with a spinner in place of the words, appends the result and empties the picker', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    ocrAnswer = async () => {
      await held;
      return json({ text: 'apple\nbanana\n' });
    };
    renderForm();
    await user.selectOptions(screen.getByLabelText('Language'), 'Malay');
    await user.type(screen.getByLabelText('Words'), 'kucing');
    await user.upload(fileInput(), image());

    expect(await screen.findByText('Scanning')).toBeVisible();
    expect(screen.queryByRole('textbox', { name: 'Words' })).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.getByLabelText('Words')).toHaveValue('kucing\napple\nbanana'));
    expect(fileInput().value).toBe('');
    const [upload] = posts('/official-wordset/ocr');
    expect(upload?.body).toMatchObject({ parentId, language: 'Malay' });
    expect((upload?.body as { file: File }).file.name).toBe('sheet.png');
  });

  it('shows a shared photo and scans it only when the parent says so (issue 41)', async () => {
    const user = userEvent.setup();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:shared');
    renderForm({ sharedPhoto: { photo: image() } });
    const confirm = await screen.findByRole('region', { name: 'The shared photo' });
    expect(within(confirm).getByRole('img', { name: 'The photo shared to SpellWell' })).toHaveAttribute(
      'src',
      'blob:shared',
    );
    expect(
      within(confirm).getByText('Is this the worksheet to read? Choose its language below, then scan it.'),
    ).toBeVisible();
    // Nothing is read before the parent says so; without a language, it is asked for first.
    expect(posts('/official-wordset/ocr')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Scan this photo' }));
    expect(await screen.findByText('Please select the language first')).toBeInTheDocument();
    expect(posts('/official-wordset/ocr')).toEqual([]);

    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    expect(
      within(confirm).getByText('Is this the worksheet to read? It will be scanned for English words.'),
    ).toBeVisible();
    // The language chosen answers the request: it is asked for no more.
    expect(screen.queryByText('Please select the language first')).not.toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Scan this photo' }));
    await waitFor(() => expect(screen.getByLabelText('Words')).toHaveValue('apple\nbanana'));
    const [upload] = posts('/official-wordset/ocr');
    expect(upload?.body).toMatchObject({ parentId, language: 'English' });
    expect((upload?.body as { file: File }).file.name).toBe('sheet.png');
    expect(screen.queryByRole('region', { name: 'The shared photo' })).not.toBeInTheDocument();
  });

  it('a shared photo the parent discards is never read', async () => {
    const user = userEvent.setup();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:shared');
    renderForm({ sharedPhoto: { photo: image() } });
    const confirm = await screen.findByRole('region', { name: 'The shared photo' });
    await user.click(within(confirm).getByRole('button', { name: 'Discard' }));
    expect(screen.queryByRole('region', { name: 'The shared photo' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    expect(posts('/official-wordset/ocr')).toEqual([]);
  });

  it('shows a failed scan in words, keeps the typed words and empties the picker', async () => {
    const user = userEvent.setup();
    ocrAnswer = async () => json({ error: 'unsupported_image', message: 'That file is not an image.' }, 415);
    renderForm();
    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    await user.type(screen.getByLabelText('Words'), 'cat');
    await user.upload(fileInput(), image());
    expect(await screen.findByText('That file is not an image.')).toBeInTheDocument();
    expect(screen.getByText('The image could not be scanned.')).toBeInTheDocument();
    expect(screen.getByLabelText('Words')).toHaveValue('cat');
    expect(fileInput().value).toBe('');
  });

  it('lists official tests ("Loading tests" first) and choosing one fills the form', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    holdOfficialList = new Promise((resolve) => (release = resolve));
    renderForm();
    const select = screen.getByLabelText('Add a test from selected schools');
    expect(select).toHaveDisplayValue('Loading tests');
    release();
    const option = await screen.findByRole('option', { name: '05/01/2099 - 听写一 - Chinese' });
    await user.selectOptions(select, option);
    expect(screen.getByLabelText('Test Date')).toHaveValue('2099-01-05');
    expect(screen.getByLabelText('Description')).toHaveValue('听写一');
    expect(screen.getByLabelText('Language')).toHaveValue('Chinese');
    expect(screen.getByLabelText('Words')).toHaveValue('苹果\n香蕉');
    expect(screen.getByLabelText('Words')).toHaveAttribute('lang', 'zh-Hans');

    // Reset asks before typed work goes (issue 17 item 7): Cancel keeps it, Clear clears.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Words')).not.toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByLabelText('Words')).toHaveValue('');
    expect(select).toHaveValue('');
  });

  it('"Save Practice" reads "Practice Added", then the parent is back on the dashboard; no official button', async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.queryByRole('button', { name: 'Save Practice + Official' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Test Date'), '2099-01-05');
    await user.type(screen.getByLabelText('Description'), 'Week 3');
    await user.selectOptions(screen.getByLabelText('Language'), 'Tamil');
    await user.type(screen.getByLabelText('Words'), 'அம்மா\nஅப்பா');
    await user.click(screen.getByRole('button', { name: 'Save Practice' }));
    expect(await screen.findByRole('button', { name: 'Practice Added' })).toBeInTheDocument();
    expect(posts(`/word-sets/create/${childId}`).map((c) => c.body)).toEqual([
      {
        testDate: '2099-01-05',
        description: 'Week 3',
        language: 'Tamil',
        words: 'அம்மா\nஅப்பா',
        // On unless the parent turns it off (issue 35, decision 014).
        planForTestDate: true,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, BACK_ON_DASHBOARD)).toBeInTheDocument();
  });

  it("a family at its quota of practices: the server's sentence shows, and the form keeps what was typed", async () => {
    createAnswer = () => json({ error: 'quota_exceeded', message: QUOTA_MESSAGES.wordSets }, 409);
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Test Date'), '2099-01-05');
    await user.type(screen.getByLabelText('Description'), 'Week 4');
    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    await user.type(screen.getByLabelText('Words'), 'apple');
    await user.click(screen.getByRole('button', { name: 'Save Practice' }));
    expect(await screen.findByText(QUOTA_MESSAGES.wordSets)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save Practice' })).toBeInTheDocument();
    expect(screen.getByLabelText('Words')).toHaveValue('apple');
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
  });

  it('for admins, "Save Practice + Official" saves for the child first, then the official list', async () => {
    const user = userEvent.setup();
    renderForm({ isAdmin: true });
    await user.type(screen.getByLabelText('Test Date'), '2099-02-01');
    await user.type(screen.getByLabelText('Description'), 'Term 1');
    await user.selectOptions(screen.getByLabelText('Language'), 'English');
    await user.type(screen.getByLabelText('Words'), 'apple');
    await user.click(screen.getByRole('button', { name: 'Save Practice + Official' }));
    expect(await screen.findByRole('button', { name: 'Added to Both' })).toBeInTheDocument();
    const saves = calls.filter((c) => c.method === 'POST').map((c) => c.path);
    expect(saves).toEqual([`/word-sets/create/${childId}`, '/official-wordset/create']);
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, BACK_ON_DASHBOARD)).toBeInTheDocument();
  });
});
