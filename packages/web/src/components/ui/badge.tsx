import type { HTMLAttributes } from 'react';
import styles from './badge.module.css';

type BadgeTone = 'neutral' | 'accent' | 'success' | 'error';

/** A small pill for counts and languages. */
export function Badge({
  tone = 'neutral',
  className,
  ...rest
}: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span className={[styles.badge, styles[tone], className ?? ''].filter(Boolean).join(' ')} {...rest} />
  );
}
