import enJson from '../../i18n/locales/en.json';

/** The English text of a dotted key, or '' when missing (for tests that assert on visible text). */
export function en(key: string): string {
  let node: unknown = enJson;
  for (const part of key.split('.')) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  }
  return typeof node === 'string' ? node : '';
}
