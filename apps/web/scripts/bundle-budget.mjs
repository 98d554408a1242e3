// Fails the build when the JavaScript a phone downloads to show `/` grows past the budget, or when a
// library the home screen does not draw with creeps into it (issue 12), or when one of the first
// screens (home, trade, login) or the documentary tab loads the later screens' antd-mobile kit
// (scripts/kit-chunk.ts), or the documentary tab loads zod.
// "`/`" = the index.html entry chunk and everything it imports statically (transitively), plus the
// home screen's lazy chunk and its static imports, which main.tsx starts loading before the first
// render; as the Vite manifest lists them. Other screens and languages load on demand and are not
// counted. Sizes are brotli at the level the server sends (scripts/precompress.mjs).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';

/** Issue 12's target: ≤ 150 KB of compressed JavaScript for `/`. */
const BUDGET_BYTES = 150 * 1024;
const FIRST_SCREEN = 'src/features/home/HomeScreen.tsx';

/**
 * Libraries that must not load for `/`, each recognised by a string its minified code keeps: zod and
 * decimal.js wait for the screens that need them, the chart library for /trade.
 */
const FORBIDDEN = [
  { name: 'zod', marker: 'ZodError' },
  { name: 'decimal.js', marker: '[DecimalError]' },
  { name: 'lightweight-charts', marker: 'lightweight-charts' },
];

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** @type {Record<string, { file: string, isEntry?: boolean, imports?: string[] }>} */
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
if (entries.length === 0 || !manifest[FIRST_SCREEN]) {
  console.error(`bundle-budget: no entry chunk or no ${FIRST_SCREEN} in dist/.vite/manifest.json`);
  process.exit(1);
}

/** The manifest keys `roots` load: themselves and their static imports, transitively. */
function loadedBy(roots) {
  const seen = new Set();
  const stack = [...roots];
  while (stack.length > 0) {
    const key = stack.pop();
    if (key === undefined || seen.has(key)) continue;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) stack.push(dep);
  }
  return seen;
}

const seen = loadedBy([...entries, FIRST_SCREEN]);

/** The documentary tab (vite.config.ts: FOLLOW): no kit, and none of the contract's schemas either. */
const STRATEGIES_SCREEN = 'src/features/follow/StrategiesScreen.tsx';
/**
 * The screens a first visit opens, which must not wait for the kit (kit-chunk.ts's `leaveOut`), and
 * the documentary tab, which draws none of it.
 */
const KIT_FREE = [
  FIRST_SCREEN,
  'src/features/trade/TradeScreen.tsx',
  'src/features/auth/LoginScreen.tsx',
  STRATEGIES_SCREEN,
];
const kitLoaded = [];
for (const screen of KIT_FREE) {
  if (!manifest[screen]) kitLoaded.push(`${screen} (not in the manifest)`);
  for (const key of loadedBy([...entries, screen]))
    if (/(?:^|\/)kit-[\w-]+\.js$/.test(manifest[key]?.file ?? ''))
      kitLoaded.push(`${screen} (${manifest[key].file})`);
}

const ZOD = FORBIDDEN[0];
const zodLoaded = [];
for (const key of loadedBy([...entries, STRATEGIES_SCREEN])) {
  const file = manifest[key]?.file;
  if (file?.endsWith('.js') && readFileSync(join(dist, file), 'utf8').includes(ZOD.marker))
    zodLoaded.push(file);
}

/**
 * Chunks that import each other, directly or round a loop. Modules in a loop of chunks evaluate in
 * an order none of them chose: one reads another's exports before they exist (a chart chunk split
 * in two, each importing the other, broke the strategy page with "reading 'Year' of undefined").
 */
function importLoops() {
  const loops = [];
  const state = new Map(); // key → 1 on the path, 2 done
  const path = [];
  const visit = (key) => {
    state.set(key, 1);
    path.push(key);
    for (const dep of manifest[key]?.imports ?? []) {
      if (state.get(dep) === 1)
        loops.push([...path.slice(path.indexOf(dep)), dep].map((k) => manifest[k]?.file ?? k).join(' → '));
      else if (!state.has(dep)) visit(dep);
    }
    path.pop();
    state.set(key, 2);
  };
  for (const key of Object.keys(manifest)) if (!state.has(key)) visit(key);
  return loops;
}
const loops = importLoops();

let total = 0;
const rows = [];
const found = [];
for (const key of seen) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  const code = readFileSync(join(dist, file));
  const br = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  total += br;
  rows.push([file, br]);
  const text = code.toString('utf8');
  for (const { name, marker } of FORBIDDEN) if (text.includes(marker)) found.push(`${name} (in ${file})`);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, br] of rows) console.log(`  ${(br / 1024).toFixed(1).padStart(7)} KB  ${file}`);
const over = total > BUDGET_BYTES;
console.log(
  `bundle-budget: JavaScript for / ${(total / 1024).toFixed(1)} KB brotli in ${rows.length} files ` +
    `(budget ${BUDGET_BYTES / 1024} KB): ${over ? 'OVER BUDGET' : 'ok'}`,
);
if (found.length > 0) console.error(`bundle-budget: loaded for / but not needed there: ${found.join(', ')}`);
if (kitLoaded.length > 0)
  console.error(`bundle-budget: a screen that must not load the kit does: ${kitLoaded.join(', ')}`);
if (zodLoaded.length > 0)
  console.error(`bundle-budget: the documentary tab loads zod: ${zodLoaded.join(', ')}`);
if (loops.length > 0) console.error(`bundle-budget: chunks that import each other: ${loops.join('; ')}`);
if (over || found.length > 0 || kitLoaded.length > 0 || zodLoaded.length > 0 || loops.length > 0)
  process.exit(1);
