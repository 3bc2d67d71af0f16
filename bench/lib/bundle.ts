import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  name?: string;
  isDynamicEntry?: boolean;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface InitialAssets {
  js: string[];
  css: string[];
  jsGzip: number;
  cssGzip: number;
}

/** Budgets from issue 15 (React in production): initial JavaScript of a page, gzipped, at most. */
export const BUDGETS = { landingJs: 100 * 1024, practiceJs: 150 * 1024 } as const;

/** Lighthouse scores (default mobile emulation) each page must reach, from issue 15. */
export const LIGHTHOUSE_TARGETS = {
  landing: { performance: 98, accessibility: 100 },
  practice: { performance: 95, accessibility: 100 },
} as const;

/**
 * The route module whose lazy chunk a first visit to each page loads with the entry; null for
 * a page built into the entry chunk itself (the landing page, so it paints one round trip
 * sooner: packages/web/src/app/router.tsx).
 */
export const PAGES: Record<'landing' | 'practice', string | null> = {
  landing: null,
  practice: 'src/app/routes/practice.tsx',
};

/** The landing page's module, which must not be a chunk of its own. */
export const LANDING_MODULE = 'src/app/routes/landing.tsx';

export function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new Error(
      `${file} is missing: build the web app (npm run build; vite.config.ts sets build.manifest)`,
    );
  }
}

/**
 * A route module's chunk in the manifest: keyed by the module, or, when the module was put in
 * a named chunk with the rest of its page's code (packages/web/scripts/page-chunk.ts), the
 * lazily loaded chunk named after its file ("practice" for src/app/routes/practice.tsx).
 */
function routeChunkKey(manifest: Manifest, routeModule: string): string {
  if (manifest[routeModule]) return routeModule;
  const name = path.basename(routeModule).replace(/\.tsx?$/, '');
  const key = Object.keys(manifest).find((k) => manifest[k]!.isDynamicEntry && manifest[k]!.name === name);
  if (!key) throw new Error(`${routeModule} is not a chunk of this build`);
  return key;
}

/** Gzip at zlib's default level, as @fastify/compress sends it. */
export const gzipSize = (dist: string, file: string): number =>
  gzipSync(readFileSync(path.join(dist, file))).length;

/**
 * What a first visit to a page downloads before it can render: the entry chunk from
 * index.html, the route's lazy chunk, and every chunk they import statically (Vite
 * preloads those), with their CSS. Dynamic imports inside them (e.g. other routes) are not.
 */
export function initialAssets(dist: string, routeModule: string | null): InitialAssets {
  const manifest = readManifest(dist);
  const entry = Object.entries(manifest).find(([, c]) => c.isEntry)?.[0];
  if (!entry) throw new Error('no entry chunk in the manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) visit(imported);
  };
  visit(entry);
  if (routeModule) visit(routeChunkKey(manifest, routeModule));
  const js = [...seen].map((k) => manifest[k]!.file);
  const css = [...new Set([...seen].flatMap((k) => manifest[k]!.css ?? []))];
  const sum = (files: string[]) => files.reduce((total, f) => total + gzipSize(dist, f), 0);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}

/** Every JS chunk with its gzipped size, biggest first: where the bytes are. */
export function chunkSizes(dist: string): { key: string; file: string; gzip: number }[] {
  const manifest = readManifest(dist);
  return Object.entries(manifest)
    .filter(([, c]) => c.file.endsWith('.js'))
    .map(([key, c]) => ({ key, file: c.file, gzip: gzipSize(dist, c.file) }))
    .sort((a, b) => b.gzip - a.gzip);
}

/** The file of a route module's own lazy chunk. */
export function routeChunk(dist: string, routeModule: string): string {
  const manifest = readManifest(dist);
  return manifest[routeChunkKey(manifest, routeModule)]!.file;
}
