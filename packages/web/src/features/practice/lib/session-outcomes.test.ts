import { GRADES, type Word } from '@spellwell/shared';
import { describe, expect, it } from 'vitest';
import {
  nextDueDate,
  nextPracticeText,
  outcomeStore,
  summarise,
  type OutcomeEntry,
} from './session-outcomes';

const word = (id: string, nextReview: string | null = null): Word => ({
  id,
  wordString: `w-${id}`,
  easeFactor: 2.5,
  interval: 0,
  nextReview,
});

describe('the finish screen figures', () => {
  const words = new Map(['a', 'b', 'c', 'd', 'e'].map((id) => [id, word(id)]));
  const entries: OutcomeEntry[] = [
    { wordId: 'a', outcome: GRADES.easy, nextReview: '2026-11-24' },
    { wordId: 'b', outcome: GRADES.difficult, nextReview: '2026-11-24' },
    { wordId: 'c', outcome: 'skipped', nextReview: null },
    { wordId: 'd', outcome: GRADES.medium, nextReview: '2026-11-25' },
    { wordId: 'e', outcome: GRADES.easy, nextReview: '2026-11-25' },
  ];

  it('counts each grade and lists Difficult and skipped words in the order they came', () => {
    const summary = summarise(entries, words);
    expect(summary).toMatchObject({ easy: 2, medium: 1, difficult: 1, skipped: 1 });
    expect(summary.tricky.map((w) => w.id)).toEqual(['b', 'c']);
  });

  it('the next practice is the earliest next review, today while a word is still due', () => {
    const all = [...words.values()];
    expect(nextDueDate(all, entries, '2026-11-23')).toBe('2026-11-23');
    const graded = entries.filter((e) => e.outcome !== 'skipped');
    expect(
      nextDueDate(
        all.filter((w) => w.id !== 'c'),
        graded,
        '2026-11-23',
      ),
    ).toBe('2026-11-24');
    // A word graded on another day keeps its stored next review.
    expect(nextDueDate([word('x', '2026-12-01')], [], '2026-11-23')).toBe('2026-12-01');
    expect(nextDueDate([word('x', '2026-11-01')], [], '2026-11-23')).toBe('2026-11-23');
    expect(nextDueDate([], [], '2026-11-23')).toBeNull();
  });

  it('says the day in words', () => {
    expect(nextPracticeText('2026-11-23', '2026-11-23')).toBe('Next practice: today');
    expect(nextPracticeText('2026-11-24', '2026-11-23')).toBe('Next practice: tomorrow');
    expect(nextPracticeText('2026-11-25', '2026-11-23')).toBe('Next practice: Wed 25 Nov, in 2 days');
  });
});

describe('the outcomes kept over a reload', () => {
  it('reads back what was written, drops what is not an outcome, and clears', () => {
    const entries: OutcomeEntry[] = [
      { wordId: 'a', outcome: GRADES.easy, nextReview: '2026-11-24' },
      { wordId: 'b', outcome: 'skipped', nextReview: null },
    ];
    outcomeStore.write('c1', 's1', entries);
    expect(outcomeStore.read('c1', 's1')).toEqual(entries);
    expect(outcomeStore.read('c1', 'other')).toEqual([]);
    localStorage.setItem(
      'spellwell:practice-outcomes:c1:s2',
      JSON.stringify([{ wordId: 'x', outcome: 9 }, 'junk']),
    );
    expect(outcomeStore.read('c1', 's2')).toEqual([]);
    localStorage.setItem('spellwell:practice-outcomes:c1:s3', '{not json');
    expect(outcomeStore.read('c1', 's3')).toEqual([]);
    outcomeStore.clear('c1', 's1');
    expect(outcomeStore.read('c1', 's1')).toEqual([]);
  });
});
