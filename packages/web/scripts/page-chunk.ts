import type { Plugin, Rollup } from 'vite';

type PluginContext = Rollup.PluginContext;

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
 *
 * What a module needs is followed through an index (the shared package's `export * from ...`)
 * by the names it imports: read as "everything the index re-exports", the entry, which takes
 * one constant from the shared package, seemed to hold all of it, so none of it was the page's,
 * and the bundler split what the page needs of it (zod, schemas, dates) into three more files
 * (docs/performance.md).
 */
export function pageChunk(name: string, routeModule: RegExp) {
  const members = new Set<string>();

  const plugin: Plugin = {
    name: 'spellwell-page-chunk',
    apply: 'build',
    async buildEnd() {
      // Builds without the page (the service worker's) leave the set empty.
      const routes = [...this.getModuleIds()].filter((id) => routeModule.test(id));
      if (routes.length === 0) return;
      const imports = await importsByName(this);
      const staticClosure = (starts: string[]) => {
        const seen = new Set<string>();
        const stack = [...starts];
        while (stack.length > 0) {
          const id = stack.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          stack.push(...(imports.get(id) ?? this.getModuleInfo(id)?.importedIds ?? []));
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

interface Node {
  type: string;
  source?: { value: unknown } | null;
  specifiers?: { type: string; imported?: { name?: string; value?: string } }[];
  exportKind?: string;
  importKind?: string;
}

/** An index that only re-exports (`export * from './x.js'`): what it gives is its modules'. */
const isIndex = (body: Node[]) =>
  body.length > 0 && body.every((node) => node.type === 'ExportAllDeclaration' && node.source);

/**
 * Each module's static imports, with an import from an index replaced by the modules that
 * export the names imported (all of them for `import *`). Modules without an index import are
 * left out: their `importedIds` are right as they are.
 */
async function importsByName(context: PluginContext): Promise<Map<string, string[]>> {
  const resolve = async (source: string, importer: string) => (await context.resolve(source, importer))?.id;
  const indexes = new Map<string, string[]>();
  const exportersOf = async (index: string): Promise<string[]> => {
    const known = indexes.get(index);
    if (known) return known;
    const body = (context.getModuleInfo(index)?.ast?.body ?? []) as unknown as Node[];
    const found: string[] = [];
    for (const node of body) {
      const id = await resolve(String(node.source!.value), index);
      if (!id) continue;
      const inner = context.getModuleInfo(id)?.ast?.body as unknown as Node[] | undefined;
      found.push(...(inner && isIndex(inner) ? await exportersOf(id) : [id]));
    }
    indexes.set(index, found);
    return found;
  };
  const result = new Map<string, string[]>();
  for (const id of context.getModuleIds()) {
    const info = context.getModuleInfo(id);
    const body = info?.ast?.body as unknown as Node[] | undefined;
    if (!info || !body || isIndex(body)) continue;
    let changed = false;
    const ids = new Set(info.importedIds);
    for (const node of body) {
      if (
        !node.source ||
        !['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration'].includes(node.type)
      )
        continue;
      const target = await resolve(String(node.source.value), id);
      const targetBody = target
        ? (context.getModuleInfo(target)?.ast?.body as unknown as Node[] | undefined)
        : undefined;
      if (!target || !targetBody || !isIndex(targetBody)) continue;
      changed = true;
      ids.delete(target);
      const exporters = await exportersOf(target);
      const names = (node.specifiers ?? []).map((s) => s.imported?.name ?? s.imported?.value);
      const everything = node.type === 'ExportAllDeclaration' || names.some((n) => n === undefined);
      for (const exporter of exporters) {
        const exported = context.getModuleInfo(exporter)?.exports ?? [];
        if (everything || names.some((n) => exported.includes(n!))) ids.add(exporter);
      }
    }
    if (changed) result.set(id, [...ids]);
  }
  return result;
}
