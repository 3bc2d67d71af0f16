import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { PageError, PageLoading, PageState } from './page-state';

describe('page states', () => {
  it('an error: its heading, the message as an alert, Try Again that retries, the way back', async () => {
    const onRetry = vi.fn();
    render(
      <MemoryRouter>
        <PageError
          title="Could not load this practice"
          error={new Error('The server did not answer.')}
          onRetry={onRetry}
          back={{ href: '/dashboard/p1', label: 'Back to dashboard' }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Could not load this practice' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The server did not answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard/p1');
  });

  it('loading: a main region with a spinner screen readers hear, and no heading', () => {
    render(<PageLoading label="Loading the dictation" />);
    expect(screen.getByRole('main')).toContainElement(screen.getByRole('status'));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the dictation');
    expect(screen.queryByRole('heading')).toBeNull();
  });

  it('empty: heading, text and actions, framed as a card when asked', () => {
    render(
      <PageState framed title="No trouble words" actions={<button type="button">Back</button>}>
        <p>Every word practised so far looks ready for its test.</p>
      </PageState>,
    );
    const main = screen.getByRole('main');
    expect(main.className).toContain('framed');
    expect(screen.getByRole('heading', { name: 'No trouble words' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Back' })).toBeVisible();
  });
});
