import {
  GRADE_LABELS,
  LANGUAGE_TAGS,
  formatDisplayDate,
  onTheirOwn,
  strokesLabel,
  triesLabel,
  type ChildPronoun,
  type Grade,
  type Language,
  type WordInSet,
} from '@spellwell/shared';
import { useContext, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Dialog } from '../../../components/ui/dialog';
import { PinyinLine } from '../pinyin/pinyin-line';
import { PinyinToggle } from '../pinyin/pinyin-toggle';
import { WordRecorderSlot } from './word-recorder-slot';
import styles from './word-list-dialog.module.css';

interface Props {
  /** Whose grades made on their own device are marked "{name}, on her own" (issue 36). */
  childName?: string | undefined;
  childPronoun?: ChildPronoun | undefined;
  open: boolean;
  words: WordInSet[];
  language: Language;
  /** Words the test-day planner moved from the usual schedule, with the usual date (issue 19). */
  plannedReviews?: readonly { wordId: string; ruleNextReview: string }[];
  onClose: () => void;
  /** With both, each word can be recorded in the parent's voice (when the route provides it). */
  childId?: string;
  wordSetId?: string;
}

/** "Word List ({count} words)": every word, numbered in practice order, in a modal dialog. */
export function WordListDialog({
  open,
  words,
  language,
  plannedReviews = [],
  onClose,
  childId,
  wordSetId,
  childName,
  childPronoun,
}: Props) {
  const Recorder = useContext(WordRecorderSlot);
  const usual = new Map(plannedReviews.map((p) => [p.wordId, p.ruleNextReview]));
  const [showPinyin, setShowPinyin] = useState(false);
  return (
    <Dialog open={open} onClose={onClose} title={`Word List (${words.length} words)`}>
      {language === 'Chinese' && <PinyinToggle checked={showPinyin} onChange={setShowPinyin} />}
      <ol className={styles.list} lang={LANGUAGE_TAGS[language]}>
        {words.map((word) => (
          <li key={word.id}>
            {word.wordString}
            {showPinyin && word.reading ? <PinyinLine reading={word.reading} inline /> : null}
            {/* The parent recorded it: Play Word plays their voice (issue 22). */}
            {word.hasRecording ? (
              <>
                {' '}
                <Badge tone="accent">Your voice</Badge>
              </>
            ) : null}
            {word.childGrade ? (
              <span className={styles.planned} lang="en" data-testid="child-grade">
                {onTheirOwn(childName ?? 'The child', childPronoun)}:{' '}
                {GRADE_LABELS[word.childGrade.quality as Grade]} (
                {word.childGrade.mistakes !== undefined ? (
                  strokesLabel(word.childGrade.mistakes)
                ) : (
                  <>
                    typed “<span lang={LANGUAGE_TAGS[language]}>{word.childGrade.answer}</span>”,{' '}
                    {triesLabel(word.childGrade.attempts)}
                  </>
                )}
                ). Grade it again in practice to change it.
              </span>
            ) : null}
            {/* Issue 37: with more than one adult, who gave the last grade. */}
            {word.gradedBy && !word.childGrade ? (
              <span className={styles.planned} lang="en" data-testid="graded-by">
                graded by {word.gradedBy}
              </span>
            ) : null}
            {usual.has(word.id) && word.nextReview ? (
              <span className={styles.planned} lang="en">
                Next practice {formatDisplayDate(word.nextReview)}, planned for the test date (the usual
                schedule said {formatDisplayDate(usual.get(word.id)!)}).
              </span>
            ) : null}
            {Recorder && childId && wordSetId ? (
              <Recorder childId={childId} wordSetId={wordSetId} word={word} />
            ) : null}
          </li>
        ))}
      </ol>
    </Dialog>
  );
}
