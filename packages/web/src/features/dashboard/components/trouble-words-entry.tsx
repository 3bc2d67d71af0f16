import { LANGUAGE_TAGS, type ChildWithWordSets } from '@spellwell/shared';
import { Fragment } from 'react';
import { useTroubleWords } from '../../../api/get-trouble-words';
import { PillLink } from '../../../components/ui/pill-link';
import { paths } from '../../../config/paths';
import styles from './trouble-words-entry.module.css';

/**
 * The child's trouble words (issue 19): across all their sets, the practised words least likely
 * to be right on their own test days, and one tap to practise the ten weakest. Shown only once
 * there are some.
 */
export function TroubleWordsEntry({ child, today }: { child: ChildWithWordSets; today: string }) {
  // Nothing to ask for until a set with a test ahead has been practised.
  const practised = child.wordSets.some((set) => set.practisedCount > 0 && set.testDate >= today);
  return practised ? <Entry child={child} /> : null;
}

function Entry({ child }: { child: ChildWithWordSets }) {
  const trouble = useTroubleWords(child.id);
  const words = trouble.data ?? [];
  if (words.length === 0) return null;
  return (
    <section className={styles.entry} aria-label={`Trouble words for ${child.name}`}>
      <p className={styles.text}>
        <strong>Trouble words:</strong>{' '}
        {words.map((w, i) => (
          <Fragment key={w.id}>
            {i > 0 ? ', ' : null}
            <span lang={LANGUAGE_TAGS[w.language]}>{w.wordString}</span>
          </Fragment>
        ))}
      </p>
      <PillLink to={paths.troubleWords.getHref(child.id)}>Practise the trouble words</PillLink>
    </section>
  );
}
