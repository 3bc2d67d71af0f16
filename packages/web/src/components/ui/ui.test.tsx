import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog } from './dialog';
import { SelectField, TextAreaField, TextField } from './field';
import { LoadFailed } from './load-failed';

describe('Button', () => {
  it('is a non-submitting button that is disabled and busy while loading', async () => {
    const onClick = vi.fn();
    const { rerender } = render(<Button onClick={onClick}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toHaveAttribute('type', 'button');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);

    rerender(
      <Button onClick={onClick} loading>
        Saving...
      </Button>,
    );
    const busy = screen.getByRole('button', { name: 'Saving...' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(busy);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

describe('fields', () => {
  it('label the control and announce the hint and the error with it', () => {
    render(
      <>
        <TextField label="Child name" hint="First name only" error="Name is required" />
        <SelectField label="Language">
          <option>English</option>
        </SelectField>
        <TextAreaField label="Words" rows={15} />
      </>,
    );
    const name = screen.getByLabelText('Child name');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('First name only Name is required');
    expect(screen.getByRole('alert')).toHaveTextContent('Name is required');
    expect(screen.getByLabelText('Language').tagName).toBe('SELECT');
    expect(screen.getByLabelText('Language')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Words')).toHaveAttribute('rows', '15');
  });
});

describe('Alert', () => {
  it('announces errors at once and other messages politely', () => {
    render(
      <>
        <Alert tone="error">Could not save.</Alert>
        <Alert>Saved.</Alert>
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save.');
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });
});

function DialogHarness({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open} onClose={close} title="Delete your account?" description="It cannot be undone.">
        <p>Body text</p>
      </Dialog>
    </>
  );
}

describe('Dialog', () => {
  it('opens with its title as name, and closes by the close button once', async () => {
    const onClose = vi.fn();
    render(<DialogHarness onClose={onClose} />);
    expect(screen.queryByText('Body text')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
    expect(dialog).toHaveAccessibleDescription('It cannot be undone.');
    expect(screen.getByText('Body text')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Body text')).toBeNull();
  });
});

describe('LoadFailed', () => {
  it('says what could not be loaded at once, and "Try again" reads it again', async () => {
    const onRetry = vi.fn();
    render(
      <LoadFailed title="Your children could not be loaded." onRetry={onRetry}>
        The server did not answer.
      </LoadFailed>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Your children could not be loaded.The server did not answer.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
