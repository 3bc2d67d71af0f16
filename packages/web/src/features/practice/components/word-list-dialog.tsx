import { LANGUAGE_TAGS, type Language, type SetWord } from '@spellwell/shared';
import { Dialog } from '../../../components/ui/dialog';
import styles from './word-list-dialog.module.css';

interface Props {
  open: boolean;
  words: SetWord[];
  language: Language;
  onClose: () => void;
}

/** "Word List ({count} words)": every word, numbered in practice order, in a modal dialog. */
export function WordListDialog({ open, words, language, onClose }: Props) {
  return (
    <Dialog open={open} onClose={onClose} title={`Word List (${words.length} words)`}>
      <ol className={styles.list} lang={LANGUAGE_TAGS[language]}>
        {words.map((word) => (
          <li key={word.id}>{word.wordString}</li>
        ))}
      </ol>
    </Dialog>
  );
}
