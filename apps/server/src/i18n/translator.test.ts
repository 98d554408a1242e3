import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_KEYS } from '@meridian/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { createTranslator, DEFAULT_LOCALES_DIR } from './translator.js';

const dir = mkdtempSync(join(tmpdir(), 'meridian-locales-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('translator', () => {
  it('has an English message for every error in the catalogue, and for ok', () => {
    const en = JSON.parse(readFileSync(join(DEFAULT_LOCALES_DIR, 'en.json'), 'utf8')) as Record<
      string,
      string
    >;
    const missing = [...ERROR_KEYS, 'ok', 'web_not_built'].filter((key) => typeof en[key] !== 'string');
    expect(missing).toEqual([]);
  });

  it('interpolates, falls back to English per key and per language, and ignores unknown files', () => {
    writeFileSync(
      join(dir, 'en.json'),
      JSON.stringify({ ok: 'Success', hello: 'Hi {{name}}, {{ n }} left' }),
    );
    writeFileSync(join(dir, 'fr.json'), JSON.stringify({ ok: 'Succès' }));
    writeFileSync(join(dir, 'notes.json'), JSON.stringify({ ok: 'ignored' }));
    const t = createTranslator(dir);
    expect([...t.languages].sort()).toEqual(['en', 'fr']);
    expect(t.t('fr', 'ok')).toBe('Succès');
    expect(t.t('fr', 'hello', { name: 'Ann', n: 3 })).toBe('Hi Ann, 3 left');
    expect(t.t('de', 'ok')).toBe('Success');
    expect(t.t('en', 'hello')).toBe('Hi {{name}}, {{ n }} left');
    expect(t.t('en', 'no_such_key')).toBe('no_such_key');
  });

  it('refuses a broken message file by name', () => {
    writeFileSync(join(dir, 'en.json'), JSON.stringify({ ok: 'Success' }));
    writeFileSync(join(dir, 'de.json'), '{ not json');
    expect(() => createTranslator(dir)).toThrow(/de\.json/);
    rmSync(join(dir, 'de.json'));
  });
});
