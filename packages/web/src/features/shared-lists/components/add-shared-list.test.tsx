import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '@spellwell/shared';
import { AddSharedList } from './add-shared-list';

function renderAt() {
  const router = createMemoryRouter(
    [
      { path: '/add-words/:childId', element: <AddSharedList childId="c1" /> },
      { path: '/shared/:code', element: <p>Shared list page</p> },
    ],
    { initialEntries: ['/add-words/c1'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

/** Issue 37: "Add a shared list" takes a code as people type it and opens its page. */
describe('AddSharedList', () => {
  it.each([
    ['k7qm2xr9ht4p', '/shared/K7QM-2XR9-HT4P'],
    [' K7QM 2XR9 HT4P ', '/shared/K7QM-2XR9-HT4P'],
  ])('opens the page of %j, for this child', async (typed, path) => {
    const router = renderAt();
    await userEvent.type(screen.getByRole('textbox', { name: /Code from another parent/ }), typed);
    await userEvent.click(screen.getByRole('button', { name: 'Open shared list' }));
    expect(await screen.findByText('Shared list page')).toBeTruthy();
    expect(router.state.location.pathname).toBe(path);
    expect(router.state.location.search).toBe('?child=c1');
  });

  it('says what is wrong with what cannot be a code, and stays (no lookup spent)', async () => {
    const router = renderAt();
    await userEvent.click(screen.getByRole('button', { name: 'Open shared list' }));
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.codeRequired);
    await userEvent.type(screen.getByRole('textbox', { name: /Code from another parent/ }), 'K7QM-2XR9-HT40');
    await userEvent.click(screen.getByRole('button', { name: 'Open shared list' }));
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.codeInvalid);
    expect(router.state.location.pathname).toBe('/add-words/c1');
  });
});
