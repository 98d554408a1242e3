import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * REST paths are written once, in the contract's endpoint table (packages/contract/src/api). This
 * finds a path written anywhere else where it must not be: the web app (tests included: they use
 * `routes.x.path`) and the server's feature code (its tests speak HTTP as any client would, so they
 * may spell paths out).
 */

/** A string, template or regex literal that starts with an API path: '/api/…', "/v1/api/…", `/api/…`. */
const PATH_LITERAL = /(['"`])\/(?:v1\/)?api\//g;

export interface PathLiteral {
  file: string;
  line: number;
  text: string;
}

function walk(dir: string, out: string[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(path, out);
    } else if (/\.(ts|tsx)$/.test(entry.name)) {
      out.push(path);
    }
  }
}

export function findPathLiterals(root: string, dir: string, skip: (file: string) => boolean): PathLiteral[] {
  const files: string[] = [];
  walk(join(root, dir), files);
  const found: PathLiteral[] = [];
  for (const file of files) {
    const rel = relative(root, file);
    if (skip(rel)) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((text, i) => {
      const trimmed = text.trim();
      // Comments may name a path (they explain, they do not call).
      if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return;
      PATH_LITERAL.lastIndex = 0;
      if (PATH_LITERAL.test(text)) found.push({ file: rel, line: i + 1, text: trimmed });
    });
  }
  return found;
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.includes('/testing/');

/** The two places the rule covers, as the issue states it. */
export function pathLiteralsInRepo(root: string): { web: PathLiteral[]; server: PathLiteral[] } {
  return {
    web: findPathLiterals(root, 'apps/web/src', () => false),
    server: findPathLiterals(root, 'apps/server/src/features', isTest),
  };
}
