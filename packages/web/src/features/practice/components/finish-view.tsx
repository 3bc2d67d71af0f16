import { browserTimeZone, localDate, type Word, type WordSetDetail } from '@spellwell/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { nextDueDate, nextPracticeText, summarise, type OutcomeEntry } from '../lib/session-outcomes';
import { FinishSummary } from './finish-summary';
import { SecondPass } from './second-pass';

interface Props {
  childId: string;
  detail: WordSetDetail;
  outcomes: readonly OutcomeEntry[];
  wordsById: ReadonlyMap<string, Word>;
  reading: boolean;
  onPlay: (word: Word) => void;
  /** The finish screen itself, given the summary to show inside it. */
  children: (summary: ReactNode) => ReactNode;
}

/** The finish screen with its summary, or the optional second pass over the tricky words. */
export function FinishView({ childId, detail, outcomes, wordsById, reading, onPlay, children }: Props) {
  const [secondPass, setSecondPass] = useState(false);
  const summary = useMemo(() => summarise(outcomes, wordsById), [outcomes, wordsById]);
  const today = localDate(browserTimeZone());
  const next = nextDueDate(detail.words, outcomes, today);

  if (secondPass && summary.tricky.length > 0) {
    return (
      <SecondPass
        words={summary.tricky}
        language={detail.language}
        reading={reading}
        onPlay={onPlay}
        onDone={() => setSecondPass(false)}
      />
    );
  }
  return children(
    <FinishSummary
      childId={childId}
      summary={summary}
      language={detail.language}
      nextPractice={next ? nextPracticeText(next, today) : null}
      onSecondPass={() => setSecondPass(true)}
    />,
  );
}
