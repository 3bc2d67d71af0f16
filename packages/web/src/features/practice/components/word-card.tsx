import { LANGUAGE_TAGS, type Language } from '@spellwell/shared';
import { useFitText } from '../hooks/use-fit-text';
import { PinyinLine } from '../pinyin/pinyin-line';
import styles from './word-card.module.css';

interface Props {
  id: string;
  word: string;
  language: Language;
  shown: boolean;
  /** A Chinese word's reading, when the parent asked to see pinyin (shown even with the word hidden). */
  pinyin?: string | null;
}

/**
 * The word, the biggest thing on the page when shown. Hidden, a calm placeholder; the card's
 * height is the same either way, so the buttons below never jump (issue 17 item 9).
 */
export function WordCard({ id, word, language, shown, pinyin }: Props) {
  // The card's height is fixed; a long word gets smaller rather than pushing the buttons down.
  const fitRef = useFitText<HTMLParagraphElement>(shown ? word : null);
  return (
    <section id={id} className={styles.card} aria-label="Word" aria-live="polite">
      {pinyin ? <PinyinLine reading={pinyin} /> : null}
      {shown ? (
        <p ref={fitRef} className={styles.word} lang={LANGUAGE_TAGS[language]}>
          {word}
        </p>
      ) : (
        <p className={styles.placeholder}>
          <span aria-hidden="true" className={styles.dots}>
            • • •
          </span>
          <span className="visually-hidden">The word is hidden</span>
        </p>
      )}
    </section>
  );
}
