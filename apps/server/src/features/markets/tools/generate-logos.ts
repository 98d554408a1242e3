/**
 * Writes apps/web/public/logos/<Code>.svg for every catalogue instrument:
 * `npx tsx apps/server/src/features/markets/tools/generate-logos.ts`. Commit the output.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { INSTRUMENTS } from '../catalogue.js';
import { logoSvg } from '../logos.js';

const outDir = fileURLToPath(new URL('../../../../../web/public/logos/', import.meta.url));
mkdirSync(outDir, { recursive: true });
for (const inst of INSTRUMENTS) writeFileSync(`${outDir}${inst.code}.svg`, logoSvg(inst));
console.log(`wrote ${INSTRUMENTS.length} logos to ${outDir}`);
