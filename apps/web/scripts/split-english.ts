import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** English texts of copy trading that screens outside its own chunks show (tab titles, Orders' badge). */
export const FOLLOW_KEYS_ON_FIRST_SCREEN = [
  'title',
  'strategy_title',
  'my_copies',
  'copy_title',
  'my_strategy',
  'copied',
  'copied_badge',
  'reason_copy',
] as const;

const EN_JSON = fileURLToPath(new URL('../src/i18n/locales/en.json', import.meta.url));
export const FOLLOW_TEXTS_ID = 'virtual:meridian/en-follow';

type Texts = Record<string, unknown> & { follow?: Record<string, unknown> };

/**
 * English is bundled with the first screen (it is every language's fallback); copy trading's ~170
 * texts are not needed there. In the build, this moves them out of en.json's module into a lazy one
 * (`virtual:meridian/en-follow`) that the copy-trading screens load with their code; the few shown
 * elsewhere stay. In dev and tests en.json stays whole and the lazy module is empty.
 */
export function splitEnglish(): Plugin {
  let build = false;
  const rest = (): Record<string, unknown> => {
    const all = JSON.parse(readFileSync(EN_JSON, 'utf8')) as Texts;
    const follow = { ...(all.follow ?? {}) };
    for (const key of FOLLOW_KEYS_ON_FIRST_SCREEN) delete follow[key];
    return follow;
  };
  return {
    name: 'meridian:split-english',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      return id === FOLLOW_TEXTS_ID ? `\0${FOLLOW_TEXTS_ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${FOLLOW_TEXTS_ID}`) return undefined;
      return `export default ${JSON.stringify(build ? { follow: rest() } : {})};`;
    },
    transform(code, id) {
      if (!build || id.split('?')[0] !== EN_JSON) return undefined;
      const all = JSON.parse(code) as Texts;
      const kept: Record<string, unknown> = {};
      for (const key of FOLLOW_KEYS_ON_FIRST_SCREEN)
        if (all.follow?.[key] !== undefined) kept[key] = all.follow[key];
      return { code: JSON.stringify({ ...all, follow: kept }), map: null };
    },
  };
}
