/**
 * Instrument logos as small self-contained SVGs (no fonts or images fetched from anywhere):
 * forex pairs are two overlapping currency discs, everything else a coloured badge. The files in
 * apps/web/public/logos/ are generated from this by tools/generate-logos.ts, and a test checks that
 * the committed files match.
 *
 * Public API: `logoSvg(instrument)`.
 */
import type { Instrument } from './catalogue.js';

const CURRENCIES: Record<string, { color: string; glyph: string }> = {
  EUR: { color: '#1f4fbf', glyph: '€' },
  USD: { color: '#2e7d32', glyph: '$' },
  GBP: { color: '#6a1b9a', glyph: '£' },
  JPY: { color: '#c62828', glyph: '¥' },
  CHF: { color: '#ef6c00', glyph: 'Fr' },
  AUD: { color: '#00897b', glyph: 'A$' },
  CAD: { color: '#ad1457', glyph: 'C$' },
  NZD: { color: '#37474f', glyph: 'N$' },
};

const BADGES: Record<string, { color: string; lines: [string] | [string, string]; round?: boolean }> = {
  XAUUSD: { color: '#c99a06', lines: ['Au'], round: true },
  XAGUSD: { color: '#8e8e8e', lines: ['Ag'], round: true },
  XPTUSD: { color: '#607d8b', lines: ['Pt'], round: true },
  XPDUSD: { color: '#8d6e63', lines: ['Pd'], round: true },
  USOIL: { color: '#263238', lines: ['WTI'] },
  UKOIL: { color: '#4e342e', lines: ['BRN'] },
  NGAS: { color: '#1565c0', lines: ['NG'] },
  US30: { color: '#0d47a1', lines: ['US', '30'] },
  US500: { color: '#1565c0', lines: ['US', '500'] },
  NAS100: { color: '#283593', lines: ['NAS', '100'] },
  GER40: { color: '#212121', lines: ['DE', '40'] },
  UK100: { color: '#b71c1c', lines: ['UK', '100'] },
  JPN225: { color: '#c62828', lines: ['JP', '225'] },
  AUS200: { color: '#00695c', lines: ['AU', '200'] },
  HK50: { color: '#d81b60', lines: ['HK', '50'] },
  // ₿ is missing from common system fonts; letters render everywhere.
  BTCUSD: { color: '#f7931a', lines: ['BTC'], round: true },
  ETHUSD: { color: '#627eea', lines: ['Ξ'], round: true },
  SOLUSD: { color: '#9945ff', lines: ['SOL'], round: true },
  XRPUSD: { color: '#23292f', lines: ['XRP'], round: true },
  LTCUSD: { color: '#345d9d', lines: ['Ł'], round: true },
};

const FONT = 'font-family="Arial, Helvetica, sans-serif" font-weight="700" text-anchor="middle"';

const sizeFor = (text: string, big: number) =>
  text.length <= 1 ? big : text.length === 2 ? big * 0.75 : big * 0.58;

function text(x: number, y: number, value: string, size: number): string {
  // 0.35em below the centre line puts the cap height in the middle without dominant-baseline,
  // which some renderers ignore.
  return `<text x="${x}" y="${y}" dy="0.35em" ${FONT} font-size="${size.toFixed(1)}" fill="#fff">${value}</text>`;
}

/** The title is the ticker, which reads the same in every language, so it needs no translation. */
function svg(code: string, body: string): string {
  const open = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64" viewBox="0 0 64 64">';
  return `${open}<title>${code}</title>${body}</svg>\n`;
}

export function logoSvg(inst: Instrument): string {
  const base = CURRENCIES[inst.code.slice(0, 3)];
  const quote = CURRENCIES[inst.code.slice(3, 6)];
  if (inst.code.length === 6 && base && quote) {
    return svg(
      inst.code,
      `<circle cx="40" cy="40" r="20" fill="${quote.color}" stroke="#fff" stroke-width="2"/>` +
        text(44, 44, quote.glyph, sizeFor(quote.glyph, 20)) +
        `<circle cx="24" cy="24" r="20" fill="${base.color}" stroke="#fff" stroke-width="2"/>` +
        text(24, 24, base.glyph, sizeFor(base.glyph, 22)),
    );
  }
  const badge = BADGES[inst.code] ?? { color: '#546e7a', lines: [inst.code.slice(0, 3)] as [string] };
  const shape = badge.round
    ? `<circle cx="32" cy="32" r="30" fill="${badge.color}"/>`
    : `<rect x="2" y="2" width="60" height="60" rx="14" fill="${badge.color}"/>`;
  const [first, second] = badge.lines;
  const body = second
    ? text(32, 22, first, 15) + text(32, 42, second, sizeFor(second, 26))
    : text(32, 32, first, sizeFor(first, 32));
  return svg(inst.code, shape + body);
}
