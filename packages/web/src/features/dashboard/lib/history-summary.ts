import { formatDisplayDate, parseIsoDate, type ChildPronoun, type History } from '@spellwell/shared';

/** One sentence a screen reader can read in place of the 30-day bar chart. */
export function historySummary(days: History['days']): string {
  const head = `Words reviewed in the last ${days.length} ${days.length === 1 ? 'day' : 'days'}`;
  const total = days.reduce((sum, day) => sum + day.wordsReviewed, 0);
  if (total === 0) return `${head}: none yet.`;
  const active = days.filter((day) => day.wordsReviewed > 0).length;
  // The first best day wins a tie: it is the one the bars show first.
  const best = days.reduce((a, b) => (b.wordsReviewed > a.wordsReviewed ? b : a));
  const dayWord = active === 1 ? 'day' : 'days';
  const own = days.reduce((sum, day) => sum + day.onOwn, 0);
  const alone = own > 0 ? ` ${own} graded by the child alone.` : '';
  return `${head}: ${total} in total on ${active} ${dayWord}, most on ${formatDisplayDate(best.date)} (${best.wordsReviewed}).${alone}`;
}

/** "23 Nov": the chart's end dates. */
export function shortDate(iso: string): string {
  return parseIsoDate(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}

/** "Mon 23 Nov: 5 words (2 on her own)": one bar's figure, on hover or tap. */
export function dayLabel(day: History['days'][number], pronoun: ChildPronoun = 'their'): string {
  const date = parseIsoDate(day.date).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const n = day.wordsReviewed;
  const own = day.onOwn > 0 ? ` (${day.onOwn} on ${pronoun} own)` : '';
  return `${date.replace(',', '')}: ${n === 1 ? '1 word' : `${n} words`}${own}`;
}
