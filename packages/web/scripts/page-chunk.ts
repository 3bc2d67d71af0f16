import type { Plugin } from 'vite';

/**
 * Puts all of one page's own code (what its route module imports, statically, that the entry
 * does not) into one chunk, so the page asks for one file instead of one per shared module.
 *
 * Left to itself the bundler split the practice page into some thirty small chunks, each
 * shared with another page. On a phone every file is a request (six at a time over HTTP/1.1)
 * and a `<link rel="modulepreload">` the page inserts, both measured in the practice page's
 * Lighthouse fall (docs/performance.md). Its lazy parts (finish
 * screen, Word List, strokes) stay chunks of their own, and so does the entry: the landing
 * page's JavaScript does not change. Other pages that share a module load this chunk.
 */
export function pageChunk(name: string, routeModule: RegExp) {
  const members = new Set<string>();

  const plugin: Plugin = {
    name: 'spellwell-page-chunk',
    apply: 'build',
    buildEnd() {
      // Builds without the page (the service worker's) leave the set empty.
      const routes = [...this.getModuleIds()].filter((id) => routeModule.test(id));
      if (routes.length === 0) return;
      const staticClosure = (starts: string[]) => {
        const seen = new Set<string>();
        const stack = [...starts];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      const entry = staticClosure([...this.getModuleIds()].filter((id) => this.getModuleInfo(id)?.isEntry));
      for (const id of staticClosure(routes)) if (!entry.has(id)) members.add(id);
    },
  };
  // Rollup's output options. onlyExplicitManualChunks: else Rollup moves the chunk's
  // dependencies into it, the entry's modules included, and the landing page would load it.
  const output = {
    manualChunks: (id: string) => (members.has(id) ? name : undefined),
    onlyExplicitManualChunks: true,
  };
  return { plugin, output };
}
