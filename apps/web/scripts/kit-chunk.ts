import type { Plugin } from 'vite';
import { staticClosure } from './static-imports.ts';

const PACKAGE = /[\\/]node_modules[\\/]/;

interface KitChunkOptions {
  /** The package modules the kit starts from (antd-mobile's components and helpers). */
  seeds: RegExp;
  /**
   * The modules whose static imports, followed through every package, must stay out of the kit:
   * the entry and the screens a first visit opens. What they reach stays where automatic splitting
   * or the startup groups put it, so none of them ever loads the kit.
   */
  leaveOut: readonly RegExp[];
}

/**
 * The UI kit's modules that only the later screens use, in one chunk. Left to automatic splitting,
 * antd-mobile's components, their helpers, react-spring and the gesture library came as one file
 * per set of screens sharing them: Orders needed 33 files beyond the entry's, most under 1 KB,
 * which a phone fetches in waves of six over HTTP/1.1. In one file (about 50 KB brotli), a screen
 * needing any of it loads all of it, once, long-cached.
 *
 * A module is captured when a `seeds` module reaches it through static imports of package modules
 * (what the components run on: react-spring, the gesture library, ahooks, icons, Babel's helpers;
 * followed through barrels the first screens use too, such as antd-mobile-icons' index, whose
 * unused re-exports are then shaken out of the chunk), and no `leaveOut` module reaches it through static imports of any module: the first screens
 * (home, trade, login) and the entry keep their files as they are, and never import the kit (this
 * chunk imports theirs, never the reverse, so no circle forms). Taking only the packages the
 * components name left their helpers to automatic splitting, which put those shared with a screen
 * into that screen's chunk, and Orders then loaded the identity-check screen for them. Modules only
 * imported dynamically (antd-mobile's locales) are not followed.
 *
 * `buildEnd` computes the set from the module graph before chunks are made; `captures` is the
 * code-splitting group's test.
 */
export function kitChunk(options: KitChunkOptions): { plugin: Plugin; captures(id: string): boolean } {
  const kit = new Set<string>();
  const plugin: Plugin = {
    name: 'meridian:kit-chunk',
    apply: 'build',
    buildEnd() {
      kit.clear();
      const ids = [...this.getModuleIds()];
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const outside = staticClosure(
        importsOf,
        ids.filter((id) => options.leaveOut.some((pattern) => pattern.test(id))),
      );
      const reached = staticClosure(
        importsOf,
        ids.filter((id) => options.seeds.test(id)),
        (id) => PACKAGE.test(id),
      );
      for (const id of reached) if (!outside.has(id)) kit.add(id);
    },
  };
  return { plugin, captures: (id) => kit.has(id) };
}
