/**
 * The repo's module graph and the house rules over it (issue 10):
 * (a) no import cycle anywhere: value, type-only, re-export, dynamic `import()` and `typeof import()`
 *     edges all count, because a type-only circle still ties the files' meaning together;
 * (b) web layering: `app/` (the shell) → `features/` → `lib/` and `i18n/`; a lower layer never
 *     imports a higher one (tests included: they live in their layer);
 * (c) server features meet only through their `index.ts`: a file in `features/<a>/` may import
 *     `features/<b>/index.ts` and nothing else of `<b>`. Test files (`*.test.ts`) and files under a
 *     `testing/` folder are exempt from (c) only: a test may set up another feature's internals, but a
 *     circle through a test is still a circle.
 *
 * `npm run check:imports` prints the report; `scripts/import-graph.test.ts` fails on any violation.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseSync } from 'oxc-parser';

export type EdgeKind = 'import' | 'import type' | 'export from' | 'dynamic import' | 'type query';

/** One import of one file by another; paths are repo-relative with `/`. */
export interface Edge {
  from: string;
  to: string;
  line: number;
  kind: EdgeKind;
  specifier: string;
}

export interface Unresolved {
  from: string;
  line: number;
  specifier: string;
}

export interface ImportGraph {
  files: string[];
  edges: Edge[];
  /** Relative or workspace imports of code that match no file: the graph would be blind to them. */
  unresolved: Unresolved[];
}

/** Folders whose files make up the graph, as globs of one `*` level under the repo root. */
export const SCAN_ROOTS = ['apps/*/src', 'packages/*/src', 'e2e'] as const;

const CODE_EXTENSIONS = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.artifacts', 'data']);

const toPosix = (p: string): string => p.split(sep).join('/');
const isCode = (file: string): boolean =>
  CODE_EXTENSIONS.some((ext) => file.endsWith(ext)) && !file.endsWith('.d.ts');

function expandRoot(root: string, pattern: string): string[] {
  const [head, ...rest] = pattern.split('/');
  if (head === undefined) return [root];
  const next = rest.join('/');
  if (head !== '*') {
    const dir = join(root, head);
    return existsSync(dir) ? (next ? expandRoot(dir, next) : [dir]) : [];
  }
  if (!existsSync(root)) return [];
  return readdirSync(root, { withFileTypes: true })
    .filter((d) => d.isDirectory() && !SKIPPED_DIRS.has(d.name))
    .flatMap((d) => (next ? expandRoot(join(root, d.name), next) : [join(root, d.name)]));
}

function listCode(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    if (d.isDirectory()) return SKIPPED_DIRS.has(d.name) ? [] : listCode(join(dir, d.name));
    return d.isFile() && isCode(d.name) ? [join(dir, d.name)] : [];
  });
}

/** `@meridian/<pkg>` → the package's source entry (its `source` export condition), by package name. */
function workspaceEntries(root: string): Map<string, string> {
  const entries = new Map<string, string>();
  for (const dir of [...expandRoot(root, 'packages/*'), ...expandRoot(root, 'apps/*')]) {
    const manifest = join(dir, 'package.json');
    if (!existsSync(manifest)) continue;
    const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as {
      name?: string;
      exports?: Record<string, { source?: string } | string>;
    };
    const dot = pkg.exports?.['.'];
    const source = typeof dot === 'object' ? dot.source : undefined;
    if (pkg.name && source) entries.set(pkg.name, resolve(dir, source));
  }
  return entries;
}

const isFile = (p: string): boolean => existsSync(p) && statSync(p).isFile();

/** NodeNext-style specifiers name the emitted `.js`; the source is `.ts`/`.tsx` beside it. */
function resolveFile(base: string): string | null {
  const candidates = [base];
  const swaps: Record<string, string[]> = {
    '.js': ['.ts', '.tsx'],
    '.jsx': ['.tsx'],
    '.mjs': ['.mts'],
    '.cjs': ['.cts'],
  };
  for (const [ext, replacements] of Object.entries(swaps)) {
    if (base.endsWith(ext)) candidates.push(...replacements.map((r) => base.slice(0, -ext.length) + r));
  }
  candidates.push(...CODE_EXTENSIONS.map((ext) => base + ext));
  candidates.push(...CODE_EXTENSIONS.map((ext) => join(base, `index${ext}`)));
  return candidates.find((c) => isCode(c) && isFile(c)) ?? null;
}

/** Assets (styles, JSON, images) and `?raw`-style loaders are not code modules of the graph. */
function isAssetSpecifier(specifier: string): boolean {
  const path = specifier.split('?')[0] ?? '';
  const last = path.split('/').pop() ?? '';
  const dot = last.lastIndexOf('.');
  if (dot <= 0) return specifier.includes('?');
  return !CODE_EXTENSIONS.includes(last.slice(dot)) || specifier.includes('?');
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** A string literal as written (`'x'`, `"x"`, or a template without `${}`), or null. */
function literalValue(raw: string): string | null {
  const m = /^\s*(['"`])([^'"`]*)\1\s*$/.exec(raw);
  if (!m?.[2] || (m[1] === '`' && m[2].includes('${'))) return null;
  return m[2];
}

function collectTypeQueries(node: unknown, found: { value: string; start: number }[]): void {
  if (Array.isArray(node)) {
    for (const child of node) collectTypeQueries(child, found);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const n = node as Record<string, unknown>;
  if (n.type === 'TSImportType') {
    const source = (n.source ?? n.argument) as { value?: unknown; start?: number } | undefined;
    if (typeof source?.value === 'string') found.push({ value: source.value, start: source.start ?? 0 });
  }
  for (const key of Object.keys(n)) if (key !== 'parent') collectTypeQueries(n[key], found);
}

interface RawImport {
  specifier: string;
  start: number;
  kind: EdgeKind;
}

function rawImports(file: string, text: string): RawImport[] {
  const parsed = parseSync(file, text);
  const out: RawImport[] = [];
  for (const imp of parsed.module.staticImports) {
    const typeOnly = imp.entries.length > 0 && imp.entries.every((e) => e.isType);
    out.push({
      specifier: imp.moduleRequest.value,
      start: imp.start,
      kind: typeOnly ? 'import type' : 'import',
    });
  }
  for (const exp of parsed.module.staticExports) {
    const request = exp.entries.find((e) => e.moduleRequest)?.moduleRequest;
    if (request) out.push({ specifier: request.value, start: exp.start, kind: 'export from' });
  }
  for (const dyn of parsed.module.dynamicImports) {
    const value = literalValue(text.slice(dyn.moduleRequest.start, dyn.moduleRequest.end));
    if (value) out.push({ specifier: value, start: dyn.start, kind: 'dynamic import' });
  }
  // `typeof import('./x')` is a type-level dependency the module record does not list.
  if (/import\s*\(/.test(text)) {
    const queries: { value: string; start: number }[] = [];
    collectTypeQueries(parsed.program, queries);
    for (const q of queries) out.push({ specifier: q.value, start: q.start, kind: 'type query' });
  }
  return out;
}

/** Builds the graph of every code file under the scan roots of `root` (the repo, or a test tree). */
export function buildGraph(root: string): ImportGraph {
  const absRoot = resolve(root);
  const files = SCAN_ROOTS.flatMap((pattern) => expandRoot(absRoot, pattern))
    .flatMap(listCode)
    .sort();
  const known = new Set(files);
  const workspaces = workspaceEntries(absRoot);
  const rel = (p: string): string => toPosix(relative(absRoot, p));
  const edges: Edge[] = [];
  const unresolved: Unresolved[] = [];

  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const imp of rawImports(file, text)) {
      const { specifier } = imp;
      let target: string | null = null;
      if (specifier.startsWith('.')) {
        target = resolveFile(resolve(dirname(file), specifier.split('?')[0] ?? specifier));
        if (!target && isAssetSpecifier(specifier)) continue;
      } else {
        const pkg = [...workspaces.keys()].find(
          (name) => specifier === name || specifier.startsWith(`${name}/`),
        );
        if (!pkg) continue; // a third-party package: not part of this graph
        target = specifier === pkg ? (workspaces.get(pkg) ?? null) : null;
      }
      const line = lineOf(text, imp.start);
      if (!target) unresolved.push({ from: rel(file), line, specifier });
      else if (known.has(target))
        edges.push({ from: rel(file), to: rel(target), line, kind: imp.kind, specifier });
    }
  }
  return { files: files.map(rel), edges, unresolved };
}

/** Strongly connected components with more than one file, plus files that import themselves (Tarjan). */
export function findCycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const f of graph.files) next.set(f, []);
  for (const e of graph.edges) next.get(e.from)?.push(e.to);

  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.files) {
    if (index.has(start)) continue;
    const work: { node: string; i: number }[] = [{ node: start, i: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; i: number };
      const targets = next.get(frame.node) ?? [];
      if (frame.i < targets.length) {
        const to = targets[frame.i++] as string;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, i: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent)
        low.set(parent.node, Math.min(low.get(parent.node) as number, low.get(frame.node) as number));
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      const selfLoop = component.length === 1 && targets.includes(frame.node);
      if (component.length > 1 || selfLoop) components.push(component.sort());
    }
  }
  return components.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** One concrete circle through the component's first file (shortest, by breadth-first search). */
export function exampleCycle(graph: ImportGraph, component: string[]): Edge[] {
  const members = new Set(component);
  const start = component[0] as string;
  const inside = graph.edges.filter((e) => members.has(e.from) && members.has(e.to));
  const via = new Map<string, Edge>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift() as string;
    for (const e of inside.filter((x) => x.from === node)) {
      if (e.to === start) {
        const path = [e];
        for (let at = node; at !== start; at = (via.get(at) as Edge).from) path.unshift(via.get(at) as Edge);
        return path;
      }
      if (!via.has(e.to)) {
        via.set(e.to, e);
        queue.push(e.to);
      }
    }
  }
  return [];
}

type WebLayer = 'app' | 'features' | 'lib' | 'i18n';
const WEB_RANK: Record<WebLayer, number> = { app: 3, features: 2, lib: 1, i18n: 1 };

function webLayer(file: string): WebLayer | null {
  const m = /^apps\/web\/src\/(app|features|lib|i18n)\//.exec(file);
  return m ? (m[1] as WebLayer) : null;
}

/** Web imports that run upward: features or lib into the shell, lib or i18n into features. */
export function webLayerViolations(graph: ImportGraph): Edge[] {
  return graph.edges.filter((e) => {
    const from = webLayer(e.from);
    const to = webLayer(e.to);
    return from !== null && to !== null && WEB_RANK[to] > WEB_RANK[from];
  });
}

const SERVER_FEATURE = /^apps\/server\/src\/features\/([^/]+)\/(.*)$/;

/** Exempt from rule (c) only: tests and test helpers may reach into another feature to set it up. */
export function isTestCode(file: string): boolean {
  return /\.test\.tsx?$/.test(file) || /(^|\/)testing\//.test(file);
}

/** Server files importing another feature's files other than its `index.ts`. */
export function serverBoundaryViolations(graph: ImportGraph): Edge[] {
  return graph.edges.filter((e) => {
    const from = SERVER_FEATURE.exec(e.from);
    const to = SERVER_FEATURE.exec(e.to);
    if (!from || !to || from[1] === to[1] || isTestCode(e.from)) return false;
    return !/^index\.(ts|tsx|js)$/.test(to[2] as string);
  });
}

export const formatEdge = (e: Edge): string => `${e.from}:${e.line} → ${e.to} (${e.kind})`;

export function formatCycle(graph: ImportGraph, component: string[]): string {
  const path = exampleCycle(graph, component);
  const lines = [`${component.length} file(s): ${component.join(', ')}`, '  for example:'];
  for (const e of path) lines.push(`    ${formatEdge(e)}`);
  return lines.join('\n');
}

export interface Report {
  cycles: string[][];
  web: Edge[];
  server: Edge[];
  unresolved: Unresolved[];
}

export function check(graph: ImportGraph): Report {
  return {
    cycles: findCycles(graph),
    web: webLayerViolations(graph),
    server: serverBoundaryViolations(graph),
    unresolved: graph.unresolved,
  };
}

export function formatReport(graph: ImportGraph, report: Report): string {
  const section = (title: string, items: string[]): string =>
    `${title}: ${items.length === 0 ? 'none' : `${items.length}\n${items.map((i) => `  ${i}`).join('\n')}`}`;
  return [
    `${graph.files.length} files, ${graph.edges.length} imports`,
    section(
      '(a) import cycles',
      report.cycles.map((c) => formatCycle(graph, c)),
    ),
    section('(b) web layering violations (app → features → lib, i18n)', report.web.map(formatEdge)),
    section('(c) server features reached past their index.ts', report.server.map(formatEdge)),
    section(
      'unresolved imports',
      report.unresolved.map((u) => `${u.from}:${u.line} '${u.specifier}'`),
    ),
  ].join('\n');
}

export const hasViolations = (r: Report): boolean =>
  r.cycles.length + r.web.length + r.server.length + r.unresolved.length > 0;

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const graph = buildGraph(REPO_ROOT);
  const report = check(graph);
  process.stdout.write(`${formatReport(graph, report)}\n`);
  process.exitCode = hasViolations(report) ? 1 : 0;
}
