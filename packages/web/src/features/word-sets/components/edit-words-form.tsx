import { zodResolver } from '@hookform/resolvers/zod';
import {
  EditWordsSchema,
  LANGUAGE_TAGS,
  WORDS_TEXTAREA_ROWS,
  formatDisplayDate,
  joinWordList,
  type EditWords,
  type WordSetDetail,
} from '@spellwell/shared';
import { useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { TextAreaField } from '../../../components/ui/field';
import { CheckIcon } from '../../../components/ui/icons';
import { useEditWords } from '../api/edit-words';
import { PinyinPreview } from '../pinyin/pinyin-preview';
import styles from './word-set-form.module.css';

/** How long "Words Saved" shows before going back to the dashboard. */
export const WORDS_SAVED_MS = 900;

interface EditWordsFormProps {
  childId: string;
  wordSet: WordSetDetail;
  dashboardHref: string;
}

/** The set's words one per line; words kept keep their schedule (the server matches them). */
export function EditWordsForm({ childId, wordSet, dashboardHref }: EditWordsFormProps) {
  const navigate = useNavigate();
  const edit = useEditWords(childId, wordSet.id);
  const [saved, setSaved] = useState(false);
  const known = useMemo(() => new Map(wordSet.words.map((w) => [w.wordString, w.reading])), [wordSet.words]);
  const form = useForm<z.input<typeof EditWordsSchema>, unknown, EditWords>({
    resolver: zodResolver(EditWordsSchema),
    defaultValues: { words: joinWordList(wordSet.words.map((word) => word.wordString)) },
  });

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => navigate(dashboardHref), WORDS_SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate, dashboardHref]);

  const onSubmit = form.handleSubmit(async (values) => {
    if (saved) return;
    const ok = await edit.mutateAsync(values).then(
      () => true,
      () => false,
    );
    setSaved(ok);
  });

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit}>
      <p className={styles.meta}>
        <span lang={LANGUAGE_TAGS[wordSet.language]}>{wordSet.description}</span> ·{' '}
        <time dateTime={wordSet.testDate}>{formatDisplayDate(wordSet.testDate)}</time> · {wordSet.language}
      </p>
      <TextAreaField
        label="Words"
        hint="Important: Separate each word on a new line"
        rows={WORDS_TEXTAREA_ROWS}
        lang={LANGUAGE_TAGS[wordSet.language]}
        spellCheck={false}
        autoCapitalize="off"
        error={form.formState.errors.words?.message}
        {...form.register('words')}
      />
      <PinyinPreview control={form.control} language={wordSet.language} known={known} />
      {edit.isError ? <Alert tone="error">{edit.error.message}</Alert> : null}
      <div className={styles.actions}>
        <Link to={dashboardHref} className={styles.cancel}>
          Cancel
        </Link>
        <Button
          type="submit"
          variant={saved ? 'success' : 'primary'}
          loading={edit.isPending}
          icon={saved ? <CheckIcon /> : undefined}
        >
          {saved ? 'Words Saved' : edit.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
