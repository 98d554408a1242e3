import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRawStrings } from './raw-strings';

const srcDir = fileURLToPath(new URL('..', import.meta.url));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    // Tests render fixtures, not screens a user reads.
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('no untranslated text in JSX', () => {
  it('the scanner catches each kind of raw text (so a passing scan means something)', () => {
    const source = [
      'export const A = ({ c }: { c: boolean }) => (',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the sample source holds a template literal
      '  <div title="Hello" aria-label={c ? `Yes ${c}` : t("ok.key")}>',
      '    Buy now',
      "    {'Sell'}",
      '    <Input placeholder={t("x.y")} label={i18n.t("z")} data-testid="lang-en" />',
      '    <img alt="" />',
      '    {t("fine")} 12:00',
      '  </div>',
      ');',
    ].join('\n');
    const found = findRawStrings('sample.tsx', source).map((f) => `${f.line}:${f.where}:${f.text}`);
    expect(found).toEqual([
      '2:prop title:Hello',
      '2:prop aria-label:Yes',
      '3:JSX text:Buy now',
      '4:JSX child literal:Sell',
    ]);
  });

  it('every .tsx under src passes every user-visible string through t()', () => {
    const files = tsxFiles(srcDir);
    expect(files.length).toBeGreaterThan(10);
    const problems = files.flatMap((file) =>
      findRawStrings(file, readFileSync(file, 'utf8')).map(
        (f) => `${relative(srcDir, file)}:${f.line} ${f.where}: "${f.text}"`,
      ),
    );
    expect(problems, problems.join('\n')).toEqual([]);
  });
});
