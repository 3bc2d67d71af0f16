import { parseIsoDate, type WeeklyProgress } from '@spellwell/shared';
import { format } from 'date-fns';

type Week = WeeklyProgress['weeks'][number];

/** "72% right first time", or null for no words (a share of nothing is no figure). */
export function firstTimeRightLabel(practised: number, right: number): string | null {
  return practised === 0 ? null : `${Math.round((right / practised) * 100)}% right first time`;
}

/** The 12 weeks in one line: "186 words practised in 12 weeks · 72% right first time". */
export function weeksSummary(weeks: readonly Week[]): string {
  const practised = weeks.reduce((n, w) => n + w.wordsPractised, 0);
  const right = weeks.reduce((n, w) => n + w.firstTimeRight, 0);
  const share = firstTimeRightLabel(practised, right);
  const span = `${weeks.length} ${weeks.length === 1 ? 'week' : 'weeks'}`;
  const words = `${practised} ${practised === 1 ? 'word' : 'words'} practised in ${span}`;
  return share ? `${words} · ${share}` : words;
}

/** One week in words: "Week of 3 Nov: 24 words, 18 right first time". */
export function weekLabel(week: Week): string {
  const when = `Week of ${format(parseIsoDate(week.weekStart), 'd MMM')}`;
  if (week.wordsPractised === 0) return `${when}: no practice`;
  const words = `${week.wordsPractised} ${week.wordsPractised === 1 ? 'word' : 'words'}`;
  return `${when}: ${words}, ${week.firstTimeRight} right first time`;
}
