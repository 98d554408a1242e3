// Fails the build when the JavaScript a phone must download before first paint grows past the budget.
// "Initial" = the index.html entry chunk plus everything it imports statically (transitively), as the
// Vite manifest lists them; lazy chunks (routes, languages) are excluded because they load on demand.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 200 * 1024;
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
if (entries.length === 0) {
  console.error('bundle-budget: no entry chunk in dist/.vite/manifest.json');
  process.exit(1);
}

const seen = new Set();
const stack = [...entries];
while (stack.length > 0) {
  const key = stack.pop();
  if (key === undefined || seen.has(key)) continue;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) stack.push(dep);
}

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  const gz = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
const verdict = total > BUDGET_BYTES ? 'OVER BUDGET' : 'ok';
console.log(
  `bundle-budget: initial JavaScript ${(total / 1024).toFixed(1)} KB gzip ` +
    `(budget ${BUDGET_BYTES / 1024} KB): ${verdict}`,
);
if (total > BUDGET_BYTES) process.exit(1);
