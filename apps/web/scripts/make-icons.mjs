// Draws the app icons (the favicon's chart line on the brand blue) as the PNGs the web manifest and
// iOS need, into public/icons/. Run by hand when the mark changes: `node apps/web/scripts/make-icons.mjs`.
// The PNGs are committed, so a build needs no image library; sharp comes with the server's packages.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BLUE = '#1f5eff';
const LINE = 'M7 22l6-8 5 5 7-10';

/**
 * `rounded`: the "any" icon, a rounded tile like the favicon (transparent corners).
 * Maskable and Apple icons are full-bleed squares: the platform cuts its own shape, so the mark is
 * drawn smaller, inside the central 80 % circle every mask keeps.
 */
function svg({ rounded, markScale }) {
  const offset = (32 - 32 * markScale) / 2;
  const tile = rounded
    ? `<rect width="32" height="32" rx="8" fill="${BLUE}"/>`
    : `<rect width="32" height="32" fill="${BLUE}"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32">${tile}` +
      `<g transform="translate(${offset} ${offset}) scale(${markScale})">` +
      `<path d="${LINE}" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>` +
      '</g></svg>',
  );
}

const ICONS = [
  { file: 'icon-192.png', size: 192, rounded: true, markScale: 1 },
  { file: 'icon-512.png', size: 512, rounded: true, markScale: 1 },
  { file: 'maskable-192.png', size: 192, rounded: false, markScale: 0.7 },
  { file: 'maskable-512.png', size: 512, rounded: false, markScale: 0.7 },
  { file: 'apple-touch-icon.png', size: 180, rounded: false, markScale: 0.8 },
];

mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  await sharp(svg(icon), { density: (72 * icon.size) / 32 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(out, icon.file));
  console.log(`icons: ${icon.file} (${icon.size}×${icon.size})`);
}
