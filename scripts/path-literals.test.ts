import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './import-graph.js';
import { findPathLiterals, pathLiteralsInRepo } from './path-literals.js';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'meridian-paths-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const show = (list: { file: string; line: number; text: string }[]) =>
  list.map((p) => `${p.file}:${p.line}  ${p.text}`);

describe('REST paths live only in the endpoint table', () => {
  it('finds a path spelled out in code, in any quoting, and not in comments', () => {
    const root = tree({
      'src/a.ts': "const a = api.get('/api/user/info');\n// see '/api/user/info'\n",
      'src/b.tsx': 'fetch(`/v1/api/forex/submit?x=${1}`);\nconst ok = routes.submitOrder.path;\n',
      'src/c.ts': 'const s = "/v1/api/forex/close";\n',
    });
    expect(show(findPathLiterals(root, 'src', () => false))).toEqual([
      "src/a.ts:1  const a = api.get('/api/user/info');",
      'src/b.tsx:1  fetch(`/v1/api/forex/submit?x=${1}`);',
      'src/c.ts:1  const s = "/v1/api/forex/close";',
    ]);
  });

  it('has none in apps/web/src', () => {
    expect(show(pathLiteralsInRepo(REPO_ROOT).web)).toEqual([]);
  });

  it("has none in the server's feature code", () => {
    expect(show(pathLiteralsInRepo(REPO_ROOT).server)).toEqual([]);
  });
});
