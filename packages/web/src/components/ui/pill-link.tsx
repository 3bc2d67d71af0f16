import { Link, type LinkProps } from 'react-router';
import styles from './pill-link.module.css';

/**
 * A link that starts something from inside a card ("Practise the weak words"): shaped like a
 * small outlined button so it reads as an action, at least as tall as a thumb.
 */
export function PillLink({ className, ...rest }: LinkProps) {
  return <Link className={className ? `${styles.pill} ${className}` : styles.pill} {...rest} />;
}
