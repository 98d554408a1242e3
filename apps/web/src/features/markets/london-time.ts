/**
 * lightweight-charts draws every timestamp as UTC and has no time-zone option, so candle times are
 * moved by London's UTC offset at that instant before they reach the chart: the axis then reads
 * London wall-clock time, GMT in winter and BST in summer.
 */
const LONDON = 'Europe/London';

let formatter: Intl.DateTimeFormat | null = null;
function londonFormatter(): Intl.DateTimeFormat {
  formatter ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: LONDON,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  return formatter;
}

// Offsets only change at whole hours, so one lookup per UTC hour serves every candle in it.
const offsetByHour = new Map<number, number>();
const MAX_CACHED_HOURS = 20_000;

/** London's offset from UTC, in seconds, at the instant `epochSeconds` (0 or 3600). */
export function londonOffsetSeconds(epochSeconds: number): number {
  const hour = Math.floor(epochSeconds / 3600);
  const cached = offsetByHour.get(hour);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const part of londonFormatter().formatToParts(new Date(hour * 3600 * 1000))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const wallAsUtc = Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  const offset = Math.round(wallAsUtc / 1000 - hour * 3600);
  if (offsetByHour.size >= MAX_CACHED_HOURS) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/** A UTC epoch-seconds time as the chart must receive it to show London wall-clock time. */
export function toLondonChartTime(epochSeconds: number): number {
  return epochSeconds + londonOffsetSeconds(epochSeconds);
}
