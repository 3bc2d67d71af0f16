import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button, type ButtonSize } from './button';

interface LoadFailedProps {
  /** What could not be loaded: "Your children could not be loaded." */
  title?: ReactNode;
  /** The message itself, or the error's. */
  children?: ReactNode;
  /** Reads again (the query's refetch). */
  onRetry: () => void;
  /** "sm" inside a card; the page's own size elsewhere. */
  size?: ButtonSize;
}

/**
 * A part of a page whose data could not be loaded: an alert saying so, with "Try again". A
 * whole page that failed is `PageError`'s.
 */
export function LoadFailed({ title, children, onRetry, size }: LoadFailedProps) {
  return (
    <Alert
      tone="error"
      title={title}
      action={
        <Button variant="secondary" size={size} onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
