import { formatDisplayDate, parseIsoDate, type ChildPronoun, type History } from '@spellwell/shared';

type Graders = History['days'][number]['gradedBy'];

/**
 * "3 graded by Dad, 2 by Mum" (issue 37); empty where the child has one adult, whose history
 * carries no graders, so that text stays as it was.
 */
function gradedByText(graders: Graders): string {
  return graders
    .map(({ name, count }, i) => (i === 0 ? `${count} graded by ${name}` : `${count} by ${name}`))
    .join(', ');
}

/** Every day's graders summed by name, most first (a tie by name), as each day lists them. */
function gradersOverall(days: History['days']): Graders {
  const totals = new Map<string, number>();
  for (const { name, count } of days.flatMap((day) => day.gradedBy)) {
    totals.set(name, (totals.get(name) ?? 0) + count);
  }
  return [...totals]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));
}

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
  const graders = gradedByText(gradersOverall(days));
  const by = graders ? ` (${graders})` : '';
  return `${head}: ${total} in total on ${active} ${dayWord}${by}, most on ${formatDisplayDate(best.date)} (${best.wordsReviewed}).${alone}`;
}

/** "23 Nov": the chart's end dates. */
export function shortDate(iso: string): string {
  return parseIsoDate(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short' });
}

/**
 * "Mon 23 Nov: 5 words (2 on her own) (3 graded by Dad)": one bar's figure, on hover or tap.
 * Who graded is said only where the child has more than one adult (issue 37).
 */
export function dayLabel(day: History['days'][number], pronoun: ChildPronoun = 'their'): string {
  const date = parseIsoDate(day.date).toLocaleDateString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
  });
  const n = day.wordsReviewed;
  const own = day.onOwn > 0 ? ` (${day.onOwn} on ${pronoun} own)` : '';
  const graders = gradedByText(day.gradedBy);
  const by = graders ? ` (${graders})` : '';
  return `${date.replace(',', '')}: ${n === 1 ? '1 word' : `${n} words`}${own}${by}`;
}
