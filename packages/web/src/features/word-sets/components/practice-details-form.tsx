import { zodResolver } from '@hookform/resolvers/zod';
import { CreateWordSetSchema, LANGUAGE_TAGS, isLanguage, type WordSetDetail } from '@spellwell/shared';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { CheckIcon } from '../../../components/ui/icons';
import { useUpdateWordSet } from '../api/update-word-set';
import { PracticeDetailFields } from './practice-detail-fields';
import styles from './word-set-form.module.css';

/** The fields of Add New Practice that a parent may correct, with the same messages. */
const DetailsSchema = CreateWordSetSchema.pick({ testDate: true, description: true, language: true });
type Details = z.infer<typeof DetailsSchema>;

/** How long "Details Saved" shows. */
export const DETAILS_SAVED_MS = 1500;

/** Correct a practice's test date, description or language (a test that moved, a typo). */
export function PracticeDetailsForm({ childId, wordSet }: { childId: string; wordSet: WordSetDetail }) {
  const headingId = useId();
  const update = useUpdateWordSet(childId, wordSet.id);
  const [saved, setSaved] = useState(false);
  const form = useForm<z.input<typeof DetailsSchema>, unknown, Details>({
    resolver: zodResolver(DetailsSchema),
    defaultValues: {
      testDate: wordSet.testDate,
      description: wordSet.description,
      language: wordSet.language,
    },
  });
  const language = form.watch('language');
  const lang = isLanguage(language) ? LANGUAGE_TAGS[language] : undefined;
  const { errors } = form.formState;

  useEffect(() => {
    if (!saved) return;
    const timer = setTimeout(() => setSaved(false), DETAILS_SAVED_MS);
    return () => clearTimeout(timer);
  }, [saved]);

  const onSubmit = form.handleSubmit(async (values) => {
    const ok = await update.mutateAsync(values).then(
      () => true,
      () => false,
    );
    if (!ok) return;
    form.reset(values);
    setSaved(true);
  });

  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.sectionTitle}>
        Practice details
      </h2>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <PracticeDetailFields
          fields={{
            testDate: form.register('testDate'),
            description: form.register('description'),
            language: form.register('language'),
          }}
          errors={{
            testDate: errors.testDate?.message,
            description: errors.description?.message,
            language: errors.language?.message,
          }}
          lang={lang}
        />
        {update.isError ? <Alert tone="error">{update.error.message}</Alert> : null}
        <div className={styles.actions}>
          <Button
            type="submit"
            variant={saved ? 'success' : 'secondary'}
            loading={update.isPending}
            icon={saved ? <CheckIcon /> : undefined}
          >
            {saved ? 'Details Saved' : update.isPending ? 'Saving...' : 'Save Details'}
          </Button>
        </div>
      </form>
    </section>
  );
}
