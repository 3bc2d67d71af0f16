/**
 * Which packages fill each chunk: a production build with a plugin that sums the rendered
 * (minified, before gzip) bytes of every module per package. Usage:
 *   npx tsx bench/lib/analyze-bundle.ts [web root]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const webRoot = path.resolve(
  process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '../../packages/web'),
);
const { build } = (await import(path.join(webRoot, 'node_modules/vite/dist/node/index.js')).catch(
  () => import('vite'),
)) as typeof import('vite');

function packageOf(id: string): string {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (match) return match[1]!;
  const inRepo = /packages\/([^/]+)\/src\/(.*?)(?:\/[^/]*)?$/.exec(id);
  return inRepo ? `@spellwell/${inRepo[1]} ${path.dirname(inRepo[2] ?? '')}` : id;
}

const report: Plugin = {
  name: 'bench-report-modules',
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk') continue;
      const byPackage = new Map<string, number>();
      for (const [id, info] of Object.entries(chunk.modules)) {
        const key = packageOf(id);
        byPackage.set(key, (byPackage.get(key) ?? 0) + info.renderedLength);
      }
      const total = [...byPackage.values()].reduce((a, b) => a + b, 0);
      if (total < 2048) continue;
      console.info(`\n${chunk.fileName} (${(total / 1024).toFixed(1)} KB minified)`);
      for (const [pkg, bytes] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 15)) {
        console.info(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${pkg}`);
      }
    }
  },
};

const outDir = mkdtempSync(path.join(tmpdir(), 'spellwell-analyze-'));
try {
  await build({ root: webRoot, logLevel: 'warn', plugins: [report], build: { outDir, emptyOutDir: true } });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
