import { LANGUAGE_TAGS, parseWordEntries, parseWordList, toToneMarks } from '@spellwell/shared';
import { useDeferredValue } from 'react';
import { useWatch, type Control, type FieldValues, type Path } from 'react-hook-form';
import { useDefaultReading } from './use-default-reading';
import styles from './pinyin-preview.module.css';

interface Props<T extends FieldValues, U> {
  /** The form whose `words` field is previewed (watched here, so typing re-renders only this). */
  control: Control<T, unknown, U>;
  /** The list's language as the form holds it (may still be empty). */
  language: string | undefined;
  /** Readings the server holds for words already in the list (Edit Words). */
  known?: ReadonlyMap<string, string | null>;
}

/**
 * Each Chinese word with the pinyin it will be read with: the one typed after it in brackets,
 * else the one it has, else the dictionary's default. Only for Chinese lists.
 */
export function PinyinPreview<T extends FieldValues, U>({ control, language, known }: Props<T, U>) {
  const text = String(useWatch({ control, name: 'words' as Path<T> }) ?? '');
  const chinese = language === 'Chinese';
  const defaultReading = useDefaultReading(chinese);
  const deferred = useDeferredValue(text);
  if (!chinese) return null;
  const entries = parseWordEntries(parseWordList(deferred), 'Chinese');
  if (entries.length === 0) return null;
  return (
    <section className={styles.preview} aria-label="Pinyin">
      <h3 className={styles.title}>Pinyin</h3>
      <p className={styles.hint}>To correct one, type it after the word: 银行 (yin2 hang2)</p>
      <ul className={styles.list}>
        {entries.map(({ word, reading }) => {
          const shown = reading ?? known?.get(word) ?? defaultReading?.(word) ?? null;
          return (
            <li key={word}>
              <span lang={LANGUAGE_TAGS.Chinese}>{word}</span>{' '}
              <span className={styles.pinyin} lang="zh-Latn-pinyin">
                {shown ? toToneMarks(shown) : '…'}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
