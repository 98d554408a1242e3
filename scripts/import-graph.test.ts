import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  buildGraph,
  check,
  findCycles,
  formatCycle,
  formatEdge,
  formatReport,
  type ImportGraph,
  REPO_ROOT,
} from './import-graph.js';

const trees: string[] = [];

/** A throw-away repo with just these files, shaped like this one (apps/*, packages/*, e2e). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'meridian-import-graph-'));
  trees.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

afterAll(() => {
  for (const root of trees) rmSync(root, { recursive: true, force: true });
});

const edgesOf = (graph: ImportGraph): string[] => graph.edges.map((e) => `${e.from} → ${e.to} (${e.kind})`);

/** Every kind of import the checker must see, laid out by the house rules. */
const CLEAN: Record<string, string> = {
  'packages/kit/package.json': JSON.stringify({
    name: '@meridian/kit',
    exports: { '.': { source: './src/index.ts', default: './dist/index.js' } },
  }),
  'packages/kit/src/index.ts': "export * from './money.js';\n",
  'packages/kit/src/money.ts': 'export const cents = 100;\n',
  'apps/web/src/main.tsx': "import { router } from './app/router';\nimport './app/theme.css';\n",
  'apps/web/src/app/router.ts': "export const home = () => import('../features/home/Home');\n",
  'apps/web/src/app/theme.css': 'body {}\n',
  'apps/web/src/features/home/Home.tsx': [
    "import { cents } from '@meridian/kit';",
    "import { toast } from '../../lib/toast';",
    "import type { TKey } from '../../i18n';",
    "import { shared } from '../other/shared';",
    "import en from '../../i18n/locales/en.json';",
    'export const Home = () => [cents, toast, shared, en];',
    'export type K = TKey;',
    '',
  ].join('\n'),
  'apps/web/src/features/other/shared.ts': 'export const shared = 1;\n',
  'apps/web/src/features/home/Home.test.tsx': "type H = typeof import('./Home').Home;\nexport type { H };\n",
  'apps/web/src/lib/toast.ts': "import { i18n } from '../i18n';\nexport const toast = i18n;\n",
  'apps/web/src/i18n/index.ts': 'export type TKey = string;\nexport const i18n = 1;\n',
  'apps/web/src/i18n/locales/en.json': '{}',
  'apps/server/src/main.ts':
    "import { feature } from './features/orders/orders.service.js';\nvoid feature;\n",
  'apps/server/src/http/auth.ts': 'export const auth = 1;\n',
  'apps/server/src/features/ledger/index.ts': "export { post } from './ledger.js';\n",
  'apps/server/src/features/ledger/ledger.ts': 'export const post = 1;\n',
  'apps/server/src/features/orders/orders.service.ts': [
    "import { post } from '../ledger/index.js';",
    "import { auth } from '../../http/auth.js';",
    "import { rule } from './rules';",
    'export const feature = [post, auth, rule];',
    '',
  ].join('\n'),
  'apps/server/src/features/orders/rules/index.ts': 'export const rule = 1;\n',
  'e2e/shell.e2e.test.ts': "import { cents } from '@meridian/kit';\nvoid cents;\n",
};

describe('import-graph checker on a synthetic tree', () => {
  it('sees every kind of import and finds nothing wrong in a clean tree', () => {
    const graph = buildGraph(tree(CLEAN));
    expect(edgesOf(graph)).toEqual(
      expect.arrayContaining([
        'apps/web/src/main.tsx → apps/web/src/app/router.ts (import)',
        'apps/web/src/app/router.ts → apps/web/src/features/home/Home.tsx (dynamic import)',
        'apps/web/src/features/home/Home.tsx → packages/kit/src/index.ts (import)',
        'apps/web/src/features/home/Home.tsx → apps/web/src/i18n/index.ts (import type)',
        'apps/web/src/features/home/Home.test.tsx → apps/web/src/features/home/Home.tsx (type query)',
        'packages/kit/src/index.ts → packages/kit/src/money.ts (export from)',
        'apps/server/src/features/orders/orders.service.ts → apps/server/src/features/ledger/index.ts (import)',
        'apps/server/src/features/orders/orders.service.ts → apps/server/src/features/orders/rules/index.ts (import)',
        'e2e/shell.e2e.test.ts → packages/kit/src/index.ts (import)',
      ]),
    );
    expect(check(graph)).toEqual({ cycles: [], web: [], server: [], unresolved: [] });
  });

  it('finds a two-file circle, also when one side is type-only, and a file importing itself', () => {
    const graph = buildGraph(
      tree({
        'packages/p/src/a.ts': "import { b } from './b.js';\nexport const a = b;\nexport type A = 1;\n",
        'packages/p/src/b.ts': "import type { A } from './a.js';\nexport const b: A = 1;\n",
        'packages/p/src/self.ts': "export * from './self.js';\nexport const s = 1;\n",
        'packages/p/src/leaf.ts': "import { a } from './a.js';\nexport const leaf = a;\n",
      }),
    );
    const cycles = findCycles(graph);
    expect(cycles).toEqual([['packages/p/src/a.ts', 'packages/p/src/b.ts'], ['packages/p/src/self.ts']]);
    const text = formatCycle(graph, cycles[0] as string[]);
    expect(text).toContain('packages/p/src/a.ts:1 → packages/p/src/b.ts (import)');
    expect(text).toContain('packages/p/src/b.ts:1 → packages/p/src/a.ts (import type)');
  });

  it('finds a circle closed by a lazy import across folders (the old route table ⇄ screen ⇄ top bar)', () => {
    const graph = buildGraph(
      tree({
        'apps/web/src/app/route-table.ts':
          "export type Def = { path: string };\nexport const s = () => import('../features/x/Screen');\n",
        'apps/web/src/app/TopNav.tsx':
          "import type { Def } from './route-table';\nexport const useGoBack = (d: Def) => d;\n",
        'apps/web/src/features/x/Screen.tsx':
          "import { useGoBack } from '../../app/TopNav';\nexport const S = useGoBack;\n",
      }),
    );
    const report = check(graph);
    expect(report.cycles).toEqual([
      [
        'apps/web/src/app/TopNav.tsx',
        'apps/web/src/app/route-table.ts',
        'apps/web/src/features/x/Screen.tsx',
      ],
    ]);
    expect(report.web.map(formatEdge)).toEqual([
      'apps/web/src/features/x/Screen.tsx:1 → apps/web/src/app/TopNav.tsx (import)',
    ]);
  });

  it('flags web imports that run upward: features or lib into app, lib or i18n into features', () => {
    const graph = buildGraph(
      tree({
        'apps/web/src/app/toast.ts': 'export const toast = 1;\n',
        'apps/web/src/features/f/Screen.tsx':
          "import { toast } from '../../app/toast';\nexport const S = toast;\n",
        'apps/web/src/lib/services.ts': "import { toast } from '../app/toast';\nexport const api = toast;\n",
        'apps/web/src/lib/helper.ts': "import { S } from '../features/f/Screen';\nexport const h = S;\n",
        'apps/web/src/i18n/index.ts': "import { S } from '../features/f/Screen';\nexport const i = S;\n",
      }),
    );
    expect(check(graph).web.map(formatEdge)).toEqual([
      'apps/web/src/features/f/Screen.tsx:1 → apps/web/src/app/toast.ts (import)',
      'apps/web/src/i18n/index.ts:1 → apps/web/src/features/f/Screen.tsx (import)',
      'apps/web/src/lib/helper.ts:1 → apps/web/src/features/f/Screen.tsx (import)',
      'apps/web/src/lib/services.ts:1 → apps/web/src/app/toast.ts (import)',
    ]);
  });

  it("flags a server feature reaching into another's files; tests and testing/ helpers are exempt", () => {
    const graph = buildGraph(
      tree({
        'apps/server/src/features/kyc/index.ts': "export { review } from './kyc.service.js';\n",
        'apps/server/src/features/kyc/kyc.service.ts': 'export const review = 1;\n',
        'apps/server/src/features/funding/funding.service.ts':
          "import type { review } from '../kyc/kyc.service.js';\nexport type R = typeof review;\n",
        'apps/server/src/features/funding/funding.test.ts':
          "import { review } from '../kyc/kyc.service.js';\nvoid review;\n",
        'apps/server/src/features/funding/testing/seed.ts':
          "import { review } from '../../kyc/kyc.service.js';\nvoid review;\n",
        'apps/server/src/features/funding/deposits.ts':
          "import { review } from '../kyc/index.js';\nvoid review;\n",
      }),
    );
    expect(check(graph).server.map(formatEdge)).toEqual([
      'apps/server/src/features/funding/funding.service.ts:1 → apps/server/src/features/kyc/kyc.service.ts (import type)',
    ]);
  });

  it('reports a relative import that matches no file, and ignores styles and JSON', () => {
    const graph = buildGraph(
      tree({
        'apps/web/src/lib/a.ts':
          "import './a.css';\nimport data from './data.json';\nimport { gone } from './gone.js';\n",
        'apps/web/src/lib/a.css': '',
        'apps/web/src/lib/data.json': '{}',
      }),
    );
    const report = check(graph);
    expect(report.unresolved).toEqual([{ from: 'apps/web/src/lib/a.ts', line: 3, specifier: './gone.js' }]);
    expect(formatReport(graph, report)).toContain(
      "unresolved imports: 1\n  apps/web/src/lib/a.ts:3 './gone.js'",
    );
  });
});

describe('this repository', () => {
  const graph = buildGraph(REPO_ROOT);
  const report = check(graph);

  it('is read whole: web, server, packages and e2e files, every relative import resolved', () => {
    for (const root of ['apps/web/src/', 'apps/server/src/', 'packages/contract/src/', 'e2e/']) {
      expect(graph.files.some((f) => f.startsWith(root))).toBe(true);
    }
    expect(report.unresolved, 'imports the checker cannot follow (it would be blind to them)').toEqual([]);
  });

  it('(a) has no import cycle anywhere (value, type-only and lazy imports all count)', () => {
    expect(
      report.cycles.map((c) => formatCycle(graph, c)),
      'import cycles, each with one example circle',
    ).toEqual([]);
  });

  it('(b) web imports run app → features → lib and i18n, never upward', () => {
    expect(report.web.map(formatEdge), 'web imports running upward').toEqual([]);
  });

  it('(c) server features meet only through their index.ts', () => {
    expect(report.server.map(formatEdge), "server files importing another feature's files").toEqual([]);
  });
});
