import { TEST_RESULT_MESSAGES, type WordSetSummary } from '@spellwell/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { usePutTestResult } from '../api/test-result';
import styles from './set-readiness.module.css';

/**
 * "How did the test go?" (issue 34): the words right of the words tested, asked from the day
 * after the test. The result sits beside what was predicted, and makes the next predictions
 * fit the child.
 */
export function TestResultForm({
  childId,
  set,
  onDone,
}: {
  childId: string;
  set: WordSetSummary;
  onDone?: () => void;
}) {
  const save = usePutTestResult(childId, set.id);
  const [correct, setCorrect] = useState(set.testResult ? String(set.testResult.correct) : '');
  const [total, setTotal] = useState(String(set.testResult?.total ?? set.wordCount));
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  function submit(event: FormEvent) {
    event.preventDefault();
    const right = Number(correct);
    const tested = Number(total);
    if (correct.trim() === '' || !Number.isInteger(right) || !Number.isInteger(tested))
      return setProblem(TEST_RESULT_MESSAGES.notWholeNumbers);
    if (tested < 1) return setProblem(TEST_RESULT_MESSAGES.totalTooSmall);
    if (tested > set.wordCount) return setProblem(TEST_RESULT_MESSAGES.totalOverWordCount);
    if (right < 0 || right > tested) return setProblem(TEST_RESULT_MESSAGES.correctOutOfRange);
    setProblem(null);
    save.mutate({ correct: right, total: tested }, { onSuccess: () => onDone?.() });
  }
  const error = problem ?? (save.error ? save.error.message : null);
  return (
    <form className={styles.result} onSubmit={submit} aria-label={`Test result of ${set.description}`}>
      <span className={styles.ask}>How did the test go?</span>
      <label htmlFor={`${id}-correct`} className={styles.label}>
        Words right
      </label>
      <input
        id={`${id}-correct`}
        className={styles.number}
        inputMode="numeric"
        value={correct}
        onChange={(e) => setCorrect(e.target.value)}
      />
      <label htmlFor={`${id}-total`} className={styles.label}>
        of
      </label>
      <input
        id={`${id}-total`}
        className={styles.number}
        inputMode="numeric"
        value={total}
        onChange={(e) => setTotal(e.target.value)}
      />
      <Button type="submit" size="sm" loading={save.isPending}>
        Save result
      </Button>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
