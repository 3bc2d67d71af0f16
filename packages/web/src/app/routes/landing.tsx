import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Spinner } from '../../components/ui/spinner';
import { SignInButton } from '../../features/auth/components/sign-in-button';
import { useAuth } from '../../features/auth/use-auth';
import { lastChild } from '../../lib/last-child';
import styles from './landing.module.css';

const BENEFITS = [
  { title: 'Ten calm minutes a day', text: 'Short sessions that fit between dinner and bedtime.' },
  {
    title: 'Focus on the hard words',
    text: 'Words your child finds difficult come back sooner; easy ones rest.',
  },
  { title: 'Ready for the test date', text: 'Reviews tighten as the spelling test gets close.' },
  { title: 'Four school languages', text: 'English, Chinese, Malay and Tamil, read aloud on request.' },
];

/** `/`: what SpellWell is, and the way in (or back to the dashboard when signed in). */
export function Component() {
  const { status, userId, user } = useAuth();
  // The child last used on this device, while still on the account; else the first child.
  const remembered = userId ? lastChild.get(userId) : null;
  const childId = user?.children.some((c) => c.id === remembered) ? remembered : null;
  return (
    <main className="page">
      <section className={styles.hero} aria-labelledby="landing-title">
        <h1 id="landing-title" className={styles.title}>
          Spelling practice that remembers which words need another go.
        </h1>
        <p className={styles.lead}>
          Sit with your child, play each word from this week&apos;s list, and mark it Easy, Medium or
          Difficult. SpellWell plans the next practice around the test date.
        </p>
        <div className={styles.cta}>
          {status === 'loading' ? <Spinner label="Checking your sign-in" /> : null}
          {status === 'authenticated' && userId ? (
            <Link
              className={styles.start}
              to={childId ? paths.dashboard.getChildHref(userId, childId) : paths.dashboard.getHref(userId)}
            >
              Start Practicing Now
            </Link>
          ) : null}
          {status === 'unauthenticated' ? <SignInButton /> : null}
        </div>
        <p className={styles.promise}>We never use your e-mail address for advertising.</p>
      </section>

      <section aria-labelledby="benefits-title">
        <h2 id="benefits-title">Why parents use it</h2>
        <ul className={styles.benefits}>
          {BENEFITS.map((benefit) => (
            <li key={benefit.title} className={styles.benefit}>
              <strong>{benefit.title}</strong>
              <span>{benefit.text}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="how-title">
        <h2 id="how-title">How It Works</h2>
        <ol className={styles.steps}>
          <li>Sign in and add your child by first name.</li>
          <li>Pick your school&apos;s official spelling list, or type or scan your own words.</li>
          <li>Play each word aloud while your child writes it down.</li>
          <li>Show the word, check together, and mark it Easy, Medium or Difficult.</li>
          <li>Come back tomorrow: the words that need practice come first.</li>
        </ol>
      </section>
    </main>
  );
}
