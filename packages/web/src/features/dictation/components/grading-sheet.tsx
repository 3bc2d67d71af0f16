import { GRADE_LABELS, GRADES, type Grade, type SheetMarking, type WordMark } from '@spellwell/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { queryKeys } from '../../../lib/query-keys';
import { postSheetReview } from '../api/post-sheet-review';
import { saveSheet } from '../lib/save-sheet';
import { sheetStorage, type StoredSheet } from '../lib/sheet-storage';
import type { DictationServices, SheetWord } from '../services';
import styles from './grading-sheet.module.css';
import { MarkFromPhoto } from './mark-from-photo';

const ORDER: { grade: Grade; className: string | undefined }[] = [
  { grade: GRADES.easy, className: styles.easy },
  { grade: GRADES.medium, className: styles.medium },
  { grade: GRADES.difficult, className: styles.difficult },
];

interface Props {
  childId: string;
  /** Where the chosen grades are kept until saved (one sheet, one key). */
  sheetKey: string;
  words: SheetWord[];
  services: Pick<DictationServices, 'gradeWord' | 'newIdempotencyKey'>;
  /** Above the list: e.g. the words removed from the set since the sheet was printed. */
  note?: ReactNode;
  /** Shown once every grade is saved. */
  done: ReactNode;
  /** A printed sheet (issue 39): offer "Mark from a photo" to prefill the grades. */
  photo?: { sheetId: string } | undefined;
}

const VERDICT_TEXT: Record<WordMark['verdict'], string> = {
  correct: 'Marked right',
  wrong: 'Marked wrong',
  unsure: 'Not sure: check it',
};

function load(sheetKey: string, words: SheetWord[]): StoredSheet {
  const stored = sheetStorage.read(sheetKey);
  const ids = new Set(words.map((w) => w.id));
  const grades = Object.fromEntries(Object.entries(stored?.grades ?? {}).filter(([id]) => ids.has(id)));
  return { wordIds: words.map((w) => w.id), grades };
}

/**
 * Every word of a dictation with Easy / Medium / Difficult beside it, on one screen, and one
 * Save. Each row is a native radio group (Tab between rows, arrows within one), so the sheet
 * works from the keyboard alone. Chosen grades are kept at once (a reload resumes the sheet);
 * Save sends them in list order through the practice's grading call.
 */
export function GradingSheet({ childId, sheetKey, words, services, note, done, photo }: Props) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const [sheet, setSheet] = useState(() => load(sheetKey, words));
  const latest = useRef(sheet);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [finished, setFinished] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const update = (next: StoredSheet) => {
    latest.current = next;
    setSheet(next);
    sheetStorage.write(sheetKey, next);
  };

  const choose = (wordId: string, quality: Grade) => {
    const current = latest.current.grades[wordId];
    if (current?.saved) return;
    // A changed mind before Save gets a new key: the old one was never sent.
    const grade = {
      quality,
      key: current?.quality === quality ? current.key : services.newIdempotencyKey(),
      saved: false,
    };
    update({ ...latest.current, grades: { ...latest.current.grades, [wordId]: grade } });
    setError(null);
  };

  const [marks, setMarks] = useState<Map<string, WordMark>>(new Map());
  /** Marks prefill the choices (right → Easy, wrong → Difficult, unsure → none); nothing is saved. */
  const applyMarks = (marking: SheetMarking) => {
    setMarks(new Map(marking.marks.map((m) => [m.wordId, m])));
    const grades = { ...latest.current.grades };
    for (const mark of marking.marks) {
      const current = grades[mark.wordId];
      if (current?.saved) continue;
      if (mark.verdict === 'unsure') {
        delete grades[mark.wordId];
        continue;
      }
      const quality = mark.verdict === 'correct' ? GRADES.easy : GRADES.difficult;
      grades[mark.wordId] = {
        quality,
        key: current?.quality === quality ? current.key : services.newIdempotencyKey(),
        saved: false,
      };
    }
    update({ ...latest.current, grades });
    setError(null);
  };

  const ungraded = words.filter((w) => !sheet.grades[w.id]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    if (ungraded.length > 0) {
      setError(
        ungraded.length === 1
          ? 'Grade every word first: 1 word has no grade.'
          : `Grade every word first: ${ungraded.length} words have no grade.`,
      );
      formRef.current?.querySelector<HTMLInputElement>(`input[name="grade-${ungraded[0]!.id}"]`)?.focus();
      return;
    }
    setSaving(true);
    setError(null);
    const before = words.filter((w) => latest.current.grades[w.id]?.saved).length;
    const result = await saveSheet(childId, words, latest.current, services.gradeWord, (wordId) => {
      const grade = latest.current.grades[wordId];
      if (grade)
        update({
          ...latest.current,
          grades: { ...latest.current.grades, [wordId]: { ...grade, saved: true } },
        });
    });
    // Schedules, the dashboard's cards and today's figures all changed.
    for (const setId of new Set(words.map((w) => w.wordSetId)))
      void queryClient.invalidateQueries({
        queryKey: queryKeys.wordSet(childId, setId),
        refetchType: 'none',
      });
    void queryClient.invalidateQueries({ queryKey: queryKeys.wordSets.all(), refetchType: 'none' });
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.child(childId), refetchType: 'none' });
    setSaving(false);
    if (result.error) {
      setError(
        `${result.saved} of ${words.length} grades saved. The rest were not: check the connection and press Save again.`,
      );
      return;
    }
    // Today's statistics: the words graded by this Save (an earlier partial Save counted none).
    if (result.saved > 0 || before === 0)
      await postSheetReview(childId, result.saved).catch((e: unknown) =>
        console.warn('Could not save the statistics of a graded sheet:', e),
      );
    sheetStorage.clear(sheetKey);
    setFinished(true);
  };

  if (finished) return <>{done}</>;

  const gradedCount = words.length - ungraded.length;
  return (
    <form
      ref={formRef}
      className={styles.sheet}
      onSubmit={(e) => void save(e)}
      aria-labelledby={headingId}
      noValidate
    >
      <h1 id={headingId} className={styles.title}>
        Grade the sheet
      </h1>
      <p className={styles.lead}>
        Check each word your child wrote, choose Easy, Medium or Difficult, then Save.{' '}
        <span className={styles.count}>
          {gradedCount} of {words.length} graded
        </span>
      </p>
      {note}
      {photo ? <MarkFromPhoto childId={childId} sheetId={photo.sheetId} onMarked={applyMarks} /> : null}
      <ol className={styles.list}>
        {words.map((word, index) => {
          const chosen = sheet.grades[word.id];
          const mark = marks.get(word.id);
          return (
            <li key={word.id} className={styles.row}>
              <fieldset className={styles.fieldset} disabled={chosen?.saved || saving}>
                <legend className={styles.word}>
                  <span className={styles.number}>{index + 1}.</span>{' '}
                  <span lang={langOf(word.language)}>{word.wordString}</span>
                  {chosen?.saved ? <span className={styles.saved}> Saved</span> : null}
                </legend>
                {mark ? (
                  <div className={styles.mark} data-verdict={mark.verdict}>
                    <img
                      className={styles.crop}
                      src={mark.crop}
                      alt={`What was written for word ${index + 1}, from the photo`}
                    />
                    <span className={styles.verdict}>{VERDICT_TEXT[mark.verdict]}</span>
                  </div>
                ) : null}
                <div className={styles.choices}>
                  {ORDER.map(({ grade, className }) => (
                    <label key={grade} className={`${styles.choice} ${className ?? ''}`}>
                      <input
                        type="radio"
                        name={`grade-${word.id}`}
                        value={grade}
                        checked={chosen?.quality === grade}
                        onChange={() => choose(word.id, grade)}
                      />
                      <span>{GRADE_LABELS[grade]}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" size="lg" block loading={saving}>
        {saving ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}

const LANG: Record<SheetWord['language'], string> = {
  English: 'en',
  Chinese: 'zh',
  Malay: 'ms',
  Tamil: 'ta',
};
export const langOf = (language: SheetWord['language']) => LANG[language];
