import { LANGUAGE_TAGS, type Language, type SetWord } from '@spellwell/shared';
import { useState } from 'react';
import { Dialog } from '../../../components/ui/dialog';
import { PinyinLine } from '../pinyin/pinyin-line';
import { PinyinToggle } from '../pinyin/pinyin-toggle';
import styles from './word-list-dialog.module.css';

interface Props {
  open: boolean;
  words: SetWord[];
  language: Language;
  onClose: () => void;
}

/** "Word List ({count} words)": every word, numbered in practice order, in a modal dialog. */
export function WordListDialog({ open, words, language, onClose }: Props) {
  const [showPinyin, setShowPinyin] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} title={`Word List (${words.length} words)`}>
      {language === 'Chinese' && <PinyinToggle checked={showPinyin} onChange={setShowPinyin} />}
      <ol className={styles.list} lang={LANGUAGE_TAGS[language]}>
        {words.map((word) => (
          <li key={word.id}>
            {word.wordString}
            {showPinyin && word.reading ? <PinyinLine reading={word.reading} inline /> : null}
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
