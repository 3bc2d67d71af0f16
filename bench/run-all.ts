/**
 * `npm run bench`: every benchmark in turn, then docs/performance.md with the tables, the
 * date, the machine and the targets. Each one's ratios are against baselines of the same run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runApiBench } from './api.js';
import { runCreationFloodBench } from './creation-flood.js';
import { runExportBench } from './export.js';
import { runMemoryBench } from './memory.js';
import { runScanFloodBench } from './scan-flood.js';
import { runSpeechBench } from './speech.js';
import { fmt, type Section } from './lib/report.js';
import { runWebBench } from './web.js';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const outFile = path.resolve(benchDir, '../docs/performance.md');

/** bench/scan.ts belongs to the OCR work: run as it is, output kept. */
function external(file: string, title: string): () => Promise<Section> {
  return async () => {
    const script = path.join(benchDir, file);
    if (!existsSync(script))
      return {
        title,
        body: `Not measured: \`bench/${file}\` does not exist yet.`,
        misses: [`${title}: not measured`],
      };
    const output = execFileSync(process.execPath, ['--import', 'tsx', script], {
      cwd: benchDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
      timeout: 15 * 60_000,
      maxBuffer: 16 * 1024 * 1024,
    });
    return { title, body: output.trim().replace(/^#{1,2} .*\n+/, ''), misses: [] };
  };
}

const benches: [string, () => Promise<Section>][] = [
  ['api', runApiBench],
  ['memory', runMemoryBench],
  ['export', runExportBench],
  ['creation-flood', runCreationFloodBench],
  ['web', runWebBench],
  ['scan', external('scan.ts', 'Scan (OCR)')],
  ['scan-flood', runScanFloodBench],
  ['speech', runSpeechBench],
];

const only = process.argv.slice(2);
const sections: Section[] = [];
for (const [name, run] of benches) {
  if (only.length && !only.includes(name)) continue;
  console.info(`bench: ${name}…`);
  try {
    sections.push(await run());
  } catch (error) {
    sections.push({
      title: name,
      body: `**Failed to run**: ${(error as Error).message}`,
      misses: [`${name}: failed to run`],
    });
  }
  console.info(`## ${sections.at(-1)!.title}\n\n${sections.at(-1)!.body}\n`);
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const misses = sections.flatMap((s) => s.misses);
const measured = [
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC by \`npm run bench\` on ${availableParallelism()} cores (${cpu}), ${fmt.mb(totalmem())} memory, Node ${process.version}. The machine is shared with other work while it runs, so absolute numbers move between runs; the ratios to baselines measured in the same run are what to compare.`,
  '',
  '## Below target',
  '',
  misses.length ? misses.map((m) => `- ${m}`).join('\n') : 'Nothing: every measured number meets its target.',
  '',
  ...sections.flatMap((s) => [`## ${s.title}`, '', s.body, '']),
].join('\n');

// The measured part sits between markers; the analysis written by hand around it is kept.
const START = '<!-- bench:start (written by npm run bench) -->';
const END = '<!-- bench:end -->';
const previous = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
const [before, rest] = previous.includes(START) ? previous.split(START) : ['# Performance\n\n', `${END}\n`];
const after = rest!.slice(rest!.indexOf(END) + END.length);
const doc = `${before}${START}\n\n${measured}\n${END}${after}`;

if (!only.length || process.env.BENCH_WRITE) {
  writeFileSync(outFile, doc);
  console.info(`bench: wrote ${path.relative(process.cwd(), outFile)}`);
}
