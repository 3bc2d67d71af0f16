/** One part of docs/performance.md: a heading, a markdown body, and the lines below target. */
export interface Section {
  title: string;
  body: string;
  /** Short sentences naming what missed its target, for the summary at the top. */
  misses: string[];
}

export function table(headers: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.map(String).join(' | ')} |`;
  return [line(headers), line(headers.map(() => '---')), ...rows.map(line)].join('\n');
}

export const fmt = {
  int: (n: number) => Math.round(n).toLocaleString('en-GB'),
  ms: (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`,
  pct: (n: number) => `${Math.round(n * 100)}%`,
  kb: (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`,
  mb: (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`,
};

/** Lets each benchmark run on its own (`npx tsx bench/api.ts`) as well as from run-all. */
export function isMain(metaUrl: string): boolean {
  return process.argv[1] !== undefined && metaUrl === new URL(`file://${process.argv[1]}`).href;
}
