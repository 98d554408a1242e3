import type { Plugin } from 'vite';
import { staticClosure } from './static-imports.ts';

interface StartupChunkOptions {
  /** The app's entry module (main.tsx). */
  entry: RegExp;
  /** The screen main.tsx preloads for `/` (HomeScreen.tsx). */
  firstScreen: RegExp;
  /** Our own modules: the only ones followed for the shared set. */
  own: RegExp;
  /**
   * Named modules outside our own code (package files, JSON, Vite's helpers) that go in the chunk
   * too when the entry or the first screen imports them statically through any path: small
   * modules that automatic splitting otherwise put in files of a few hundred bytes each.
   */
  also?: RegExp;
}

/**
 * Our own modules that `/` loads and that other chunks share, in one chunk. Left to automatic
 * splitting, each set of chunks sharing a module got a chunk of its own: 19 files for `/`, most
 * under 1 KB (paths, the settings store, price formatting…), each costing a phone a request and
 * its response headers.
 *
 * A module is captured when the entry or the first screen reaches it through static imports of our
 * own modules, and at least one other chunk root (the entry, the first screen, any lazily imported
 * module) reaches it too. What only the entry uses stays in the entry chunk and what only the
 * home screen uses in its chunk: this chunk then never imports from the entry chunk (a circle
 * between them let antd-mobile's module state initialise after the app had set it, see
 * docs/decisions.md), and a screen opened first loads no home-only code. Packages are not followed:
 * an entry file such as antd-mobile's or the contract's re-exports all of it, including what only
 * the lazy screens use (zod), which must not move here.
 *
 * `also` names the package modules that would otherwise each be such a small file of their own (the
 * contract's route table and language list, antd-mobile's locale base and shared helpers, the
 * English texts, Vite's preload helper): named one by one rather than found, for the reason above.
 * None of them imports the entry or a lazy chunk, so the circle above cannot form through them.
 *
 * `buildEnd` computes the set from the module graph before chunks are made; `captures` is the
 * code-splitting group's test.
 */
export function startupChunk(options: StartupChunkOptions): {
  plugin: Plugin;
  captures(id: string): boolean;
} {
  const startup = new Set<string>();
  const plugin: Plugin = {
    name: 'meridian:startup-chunk',
    apply: 'build',
    buildEnd() {
      startup.clear();
      const ids = [...this.getModuleIds()];
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const closure = (root: string, follow: (id: string) => boolean = (id) => options.own.test(id)) =>
        staticClosure(importsOf, [root], follow);
      const entry = ids.find((id) => options.entry.test(id));
      const first = ids.find((id) => options.firstScreen.test(id));
      if (!entry || !first) return;
      const lazy = new Set<string>();
      for (const id of ids)
        for (const dep of this.getModuleInfo(id)?.dynamicallyImportedIds ?? []) lazy.add(dep);
      const roots = new Set([entry, first, ...lazy]);
      const reachedBy = new Map<string, number>();
      for (const root of roots)
        for (const id of closure(root)) reachedBy.set(id, (reachedBy.get(id) ?? 0) + 1);
      for (const id of new Set([...closure(entry), ...closure(first)])) {
        if (!roots.has(id) && (reachedBy.get(id) ?? 0) >= 2) startup.add(id);
      }
      const also = options.also;
      if (also) {
        const everything = () => true;
        for (const id of new Set([...closure(entry, everything), ...closure(first, everything)]))
          if (also.test(id)) startup.add(id);
      }
    },
  };
  return { plugin, captures: (id) => startup.has(id) };
}
