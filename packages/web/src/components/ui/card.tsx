import type { HTMLAttributes } from 'react';
import styles from './card.module.css';

type CardProps = HTMLAttributes<HTMLElement> & { as?: 'div' | 'section' | 'article' | 'li' };

/** A surface with a subtle border and 12px radius (DESIGN.md). */
export function Card({ as: Tag = 'div', className, ...rest }: CardProps) {
  return <Tag className={[styles.card, className ?? ''].filter(Boolean).join(' ')} {...rest} />;
}
