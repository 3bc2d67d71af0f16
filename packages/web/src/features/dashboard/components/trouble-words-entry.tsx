import { LANGUAGE_TAGS, type ChildWithWordSets } from '@spellwell/shared';
import { Fragment } from 'react';
import { useTroubleWords } from '../../../api/get-trouble-words';
import { PillLink } from '../../../components/ui/pill-link';
import { paths } from '../../../config/paths';
import styles from './trouble-words-entry.module.css';

/**
 * The child's trouble words (issues 19, 34): across all their sets, the practised words the child
 * gets wrong, and one tap per language to practise them. Shown only once there are some.
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
  // A practice is of one language (issue 34): one link per language, weakest word's first.
  const languages = [...new Set(words.map((w) => w.language))];
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
      {languages.map((language) => (
        <PillLink key={language} to={paths.troubleWords.getHref(child.id, language)}>
          {languages.length > 1 ? `Practise the ${language} trouble words` : 'Practise the trouble words'}
        </PillLink>
      ))}
    </section>
  );
}
