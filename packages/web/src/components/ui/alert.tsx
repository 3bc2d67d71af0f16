import type { ReactNode } from 'react';
import styles from './alert.module.css';

interface AlertProps {
  tone?: 'error' | 'info' | 'success';
  title?: ReactNode;
  children?: ReactNode;
  /** e.g. a "Try again" button, shown under the message. */
  action?: ReactNode;
  className?: string;
}

/** A message next to what it is about. Errors are announced at once (role="alert"). */
export function Alert({ tone = 'info', title, children, action, className }: AlertProps) {
  return (
    <div
      className={[styles.alert, styles[tone], className ?? ''].filter(Boolean).join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {title ? <p className={styles.title}>{title}</p> : null}
      {children ? <div>{children}</div> : null}
      {action ? <div className={styles.action}>{action}</div> : null}
    </div>
  );
}
