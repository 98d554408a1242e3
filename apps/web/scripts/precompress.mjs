// Writes `file.br` (brotli, quality 11) and `file.gz` (gzip, level 9) beside every text file of the
// build, once, so the server sends them as they are (@fastify/static `preCompressed`) instead of
// compressing on every request at a lower level. Runs after `vite build`; nothing leaves the machine.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
]);
/** Below this the compressed copy saves too little to be worth a file (and the server's 1 KB threshold). */
const MIN_BYTES = 1024;

// The build folder: apps/web/dist, or the one given (a build made elsewhere with `vite build --outDir`).
const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url));

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      // Vite's own manifest is read by the build scripts, never served.
      if (name !== '.vite') yield* files(path);
    } else if (TEXT.has(extname(name))) {
      yield path;
    }
  }
}

let count = 0;
let raw = 0;
let br = 0;
for (const path of files(dist)) {
  const content = readFileSync(path);
  if (content.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  // A file that does not shrink is sent as it is.
  if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
  count += 1;
  raw += content.length;
  br += Math.min(brotli.length, content.length);
  if (process.env.PRECOMPRESS_VERBOSE) console.log(`  ${relative(dist, path)}`);
}
console.log(
  `precompress: ${count} files, ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli (+ gzip)`,
);
