import type { TFunction } from 'i18next';
import { useSyncExternalStore } from 'react';
import { i18n } from './index';

/** What a screen gets: the current language's `t`, and the instance (for its `dir()` and `language`). */
export interface Translation {
  t: TFunction<'translation', undefined>;
  i18n: typeof i18n;
  ready: true;
}

/**
 * The app's `useTranslation`: one `t` for every component, made again only when the language or
 * the loaded texts change. react-i18next's hook did per component what only changes with those:
 * each instance copied its options, asked whether the namespace had loaded on every render, and
 * at mount copied every property descriptor of the i18next instance into a wrapper of its own; the
 * home screen's forty market rows made that a large part of its first render on a throttled phone.
 * Texts load before they are used (English is bundled; a language's file before the switch, copy
 * trading's with its screens), so there is no waiting state. Components re-render on a language
 * change, as with react-i18next, and also when texts are added (react-i18next's default did not).
 */
export function useTranslation(): Translation {
  return useSyncExternalStore(subscribe, current, current);
}

let version = 0;
let shared: { version: number; value: Translation } | undefined;
const listeners = new Set<() => void>();
let bound = false;

function changed(): void {
  version++;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (!bound) {
    bound = true;
    i18n.on('languageChanged', changed);
    i18n.store.on('added', changed);
    i18n.store.on('removed', changed);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function current(): Translation {
  if (shared?.version !== version) {
    const t = i18n.getFixedT(i18n.language, 'translation') as TFunction<'translation', undefined>;
    shared = { version, value: { t, i18n, ready: true } };
  }
  return shared.value;
}
