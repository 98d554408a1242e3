/**
 * The replay CSV format (also described in README.md). UTF-8 text, one record per line, comma
 * separated, no quoting. Blank lines and lines starting with `#` are ignored. The first other line
 * is the header, which picks one of two layouts:
 *
 *   time,code,bid,ask                          ticks
 *   time,code,open,high,low,close,volume       candles (replayed as 4 ticks each)
 *
 * - `time`: epoch milliseconds (digits only) or ISO 8601 with a zone, e.g. `2026-01-13T10:00:00Z`
 *   or `2026-01-13T12:00:00.250+02:00`. A zone is required: local time would replay differently
 *   on every server. Rows must be in time order (equal times allowed).
 * - `code`: the instrument code, upper-case letters, digits and dots (`EURUSD`, `US500`).
 * - prices: positive plain decimals (`1.16512`, no exponent, no thousands separator); `ask` ≥ `bid`;
 *   `low` ≤ `open`, `close` ≤ `high`.
 * - `volume`: a whole number ≥ 0 (kept for reference; replayed candles count 4 ticks).
 *
 * Every problem is reported as `ReplayFormatError` with the 1-based line number.
 *
 * Public API: `parseReplayCsv(text, { knownCodes? })`, `loadReplayFile(path, options)`,
 * `ReplayFormatError`, `ReplayRow`, `ParsedReplay`.
 */
import { readFile } from 'node:fs/promises';
import { Decimal } from 'decimal.js';

export type ReplayRow =
  | { kind: 'tick'; line: number; timeMs: number; code: string; bid: string; ask: string }
  | {
      kind: 'candle';
      line: number;
      timeMs: number;
      code: string;
      open: string;
      high: string;
      low: string;
      close: string;
      volume: number;
    };

export interface ParsedReplay {
  format: 'ticks' | 'candles';
  rows: ReplayRow[];
}

export interface ParseOptions {
  /** When given, a code outside it is an error (a typo would otherwise replay silently). */
  knownCodes?: ReadonlySet<string>;
}

export class ReplayFormatError extends Error {
  constructor(
    readonly line: number,
    detail: string,
  ) {
    super(line > 0 ? `line ${line}: ${detail}` : detail);
    this.name = 'ReplayFormatError';
  }
}

const TICK_HEADER = 'time,code,bid,ask';
const CANDLE_HEADER = 'time,code,open,high,low,close,volume';
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;
const CODE = /^[A-Z0-9.]{1,24}$/;
const PRICE = /^\d+(\.\d+)?$/;

function parseTime(text: string, line: number): number {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    if (!Number.isSafeInteger(n)) throw new ReplayFormatError(line, `time "${text}" is out of range`);
    return n;
  }
  const ms = ISO.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new ReplayFormatError(
      line,
      `time "${text}" is neither epoch milliseconds nor ISO 8601 with a zone`,
    );
  }
  return ms;
}

function parsePositive(text: string, field: string, line: number): string {
  if (!PRICE.test(text) || new Decimal(text).lte(0)) {
    throw new ReplayFormatError(line, `${field} "${text}" is not a positive decimal number`);
  }
  return text;
}

export function parseReplayCsv(text: string, options: ParseOptions = {}): ParsedReplay {
  const lines = text.split(/\r?\n/);
  let format: ParsedReplay['format'] | undefined;
  const rows: ReplayRow[] = [];
  let lastTime = Number.NEGATIVE_INFINITY;

  lines.forEach((raw, index) => {
    const line = index + 1;
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    if (!format) {
      const header = content.toLowerCase().replace(/\s+/g, '');
      if (header === TICK_HEADER) format = 'ticks';
      else if (header === CANDLE_HEADER) format = 'candles';
      else throw new ReplayFormatError(line, `header must be "${TICK_HEADER}" or "${CANDLE_HEADER}"`);
      return;
    }
    const cells = content.split(',').map((c) => c.trim());
    const expected = format === 'ticks' ? 4 : 7;
    if (cells.length !== expected) {
      throw new ReplayFormatError(line, `expected ${expected} columns, found ${cells.length}`);
    }
    const [timeText = '', code = ''] = cells;
    const timeMs = parseTime(timeText, line);
    if (!CODE.test(code)) throw new ReplayFormatError(line, `code "${code}" is not a valid instrument code`);
    if (options.knownCodes && !options.knownCodes.has(code)) {
      throw new ReplayFormatError(line, `unknown instrument "${code}"`);
    }
    if (timeMs < lastTime)
      throw new ReplayFormatError(line, 'time goes backwards; rows must be in time order');
    lastTime = timeMs;
    rows.push(format === 'ticks' ? tickRow(cells, line, timeMs, code) : candleRow(cells, line, timeMs, code));
  });

  if (!format) throw new ReplayFormatError(0, 'the file has no header');
  if (rows.length === 0) throw new ReplayFormatError(0, 'the file has no data rows');
  return { format, rows };
}

function tickRow(cells: string[], line: number, timeMs: number, code: string): ReplayRow {
  const bid = parsePositive(cells[2] ?? '', 'bid', line);
  const ask = parsePositive(cells[3] ?? '', 'ask', line);
  if (new Decimal(ask).lt(bid)) throw new ReplayFormatError(line, `ask ${ask} is below bid ${bid}`);
  return { kind: 'tick', line, timeMs, code, bid, ask };
}

function candleRow(cells: string[], line: number, timeMs: number, code: string): ReplayRow {
  const open = parsePositive(cells[2] ?? '', 'open', line);
  const high = parsePositive(cells[3] ?? '', 'high', line);
  const low = parsePositive(cells[4] ?? '', 'low', line);
  const close = parsePositive(cells[5] ?? '', 'close', line);
  const volumeText = cells[6] ?? '';
  if (!/^\d+$/.test(volumeText))
    throw new ReplayFormatError(line, `volume "${volumeText}" is not a whole number`);
  const [o, h, l, c] = [open, high, low, close].map((x) => new Decimal(x)) as [
    Decimal,
    Decimal,
    Decimal,
    Decimal,
  ];
  if (h.lt(Decimal.max(o, c, l)))
    throw new ReplayFormatError(line, `high ${high} is below open, low or close`);
  if (l.gt(Decimal.min(o, c))) throw new ReplayFormatError(line, `low ${low} is above open or close`);
  return { kind: 'candle', line, timeMs, code, open, high, low, close, volume: Number(volumeText) };
}

export async function loadReplayFile(path: string, options: ParseOptions = {}): Promise<ParsedReplay> {
  return parseReplayCsv(await readFile(path, 'utf8'), options);
}
