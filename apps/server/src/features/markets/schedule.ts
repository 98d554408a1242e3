/**
 * Market hours. Pure functions of (schedule id, instant); pass the instant from an injected `Clock`.
 *
 * Decision: hours follow New York wall time, computed with Intl, so the UTC hour shifts with US
 * daylight saving exactly as real venues do: the forex week opens Sunday 17:00 New York (22:00 UTC
 * in winter, 21:00 UTC in summer) and closes Friday 17:00 New York. Metals, energy and indices trade
 * the same week but pause daily 17:00–18:00 New York (the CME Globex maintenance break), so their
 * week opens at Sunday 18:00. Crypto trades 24/7.
 *
 * The trading day starts at the 17:00 New York roll for every New York schedule (so a break market's
 * day begins in its break, before its first tick) and at 00:00 UTC for crypto. The day candle, the
 * day open and the day change all use this boundary, never midnight UTC.
 *
 * Public API (instants are epoch ms or Date; results are epoch ms):
 * - `SCHEDULE_IDS`, `ScheduleId`, `isScheduleId(x)`
 * - `isOpen(id, at)`, `marketStatus(id, at)` → 1 open / 0 closed (the spec's MarketStatus)
 * - `nextOpen(id, at)`: start of the first session beginning after `at` (null for 24/7)
 * - `nextClose(id, at)`: end of the session open at `at`, or of the next one (null for 24/7)
 * - `sessionAt(id, at)`, `previousSession(id, at)`: the session containing `at`, or the latest one
 *   that started before `at` (crypto: one unbounded session)
 * - `tradingDayStart(id, at)`, `tradingDayEnd(id, at)`: bounds of the trading day `at` belongs to
 * - `localHour(id, at)`, `localWeekday(id, at)`: wall-clock hour and weekday in the schedule's zone
 */
export const SCHEDULE_IDS = ['forex', 'metals', 'energy', 'indices', 'crypto'] as const;
export type ScheduleId = (typeof SCHEDULE_IDS)[number];

export function isScheduleId(value: unknown): value is ScheduleId {
  return typeof value === 'string' && (SCHEDULE_IDS as readonly string[]).includes(value);
}

export interface Session {
  start: number;
  end: number;
}

type Instant = number | Date;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const NEW_YORK = 'America/New_York';
const ROLL_MINUTE = 17 * 60;

/** Minutes from Sunday 00:00 local time. */
const at = (weekday: number, hour: number) => weekday * 24 * 60 + hour * 60;

const FOREX_WEEK: ReadonlyArray<readonly [number, number]> = [[at(0, 17), at(5, 17)]];
/** Sunday 18:00 → Monday 17:00, ..., Thursday 18:00 → Friday 17:00. */
const BREAK_WEEK: ReadonlyArray<readonly [number, number]> = [0, 1, 2, 3, 4].map(
  (d) => [at(d, 18), at(d + 1, 17)] as const,
);

type ScheduleDef =
  | { kind: 'always' }
  | { kind: 'weekly'; timeZone: string; sessions: ReadonlyArray<readonly [number, number]> };

const SCHEDULES: Record<ScheduleId, ScheduleDef> = {
  forex: { kind: 'weekly', timeZone: NEW_YORK, sessions: FOREX_WEEK },
  metals: { kind: 'weekly', timeZone: NEW_YORK, sessions: BREAK_WEEK },
  energy: { kind: 'weekly', timeZone: NEW_YORK, sessions: BREAK_WEEK },
  indices: { kind: 'weekly', timeZone: NEW_YORK, sessions: BREAK_WEEK },
  crypto: { kind: 'always' },
};

const ALWAYS: Session = { start: Number.NEGATIVE_INFINITY, end: Number.POSITIVE_INFINITY };

// ---- time-zone arithmetic --------------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
const offsetCache = new Map<string, Map<number, number>>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/**
 * Local minus UTC, in ms. Zone offsets only change on whole UTC hours for the zones we use, so one
 * Intl call per UTC hour is cached; Intl is slow enough (~3 µs) to dominate history generation.
 */
function offsetMs(timeZone: string, utcMs: number): number {
  const hour = Math.floor(utcMs / HOUR);
  let zoneCache = offsetCache.get(timeZone);
  if (!zoneCache) {
    zoneCache = new Map();
    offsetCache.set(timeZone, zoneCache);
  }
  const cached = zoneCache.get(hour);
  if (cached !== undefined) return cached;
  const parts: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(hour * HOUR))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const wall = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
  );
  const offset = wall - hour * HOUR;
  // About six years of hours; a long-running server never needs more than a few of them.
  if (zoneCache.size > 50_000) zoneCache.clear();
  zoneCache.set(hour, offset);
  return offset;
}

const toLocal = (timeZone: string, utcMs: number) => utcMs + offsetMs(timeZone, utcMs);

/** Our boundaries (17:00, 18:00) never fall in a DST gap or overlap, so two passes are exact. */
function toUtc(timeZone: string, localMs: number): number {
  const guess = localMs - offsetMs(timeZone, localMs);
  return localMs - offsetMs(timeZone, guess);
}

const ms = (instant: Instant) => (typeof instant === 'number' ? instant : instant.getTime());

/** Sessions of the local weeks before, of and after `t`, in time order. */
function sessionsAround(def: Extract<ScheduleDef, { kind: 'weekly' }>, t: number): Session[] {
  const localDay = Math.floor(toLocal(def.timeZone, t) / DAY);
  // 1970-01-01 was a Thursday (weekday 4 when Sunday is 0).
  const weekStartDay = localDay - ((((localDay + 4) % 7) + 7) % 7);
  const out: Session[] = [];
  for (const week of [-7, 0, 7]) {
    const base = (weekStartDay + week) * DAY;
    for (const [s, e] of def.sessions) {
      out.push({
        start: toUtc(def.timeZone, base + s * MINUTE),
        end: toUtc(def.timeZone, base + e * MINUTE),
      });
    }
  }
  return out;
}

// ---- public API ------------------------------------------------------------------------------

export function sessionAt(id: ScheduleId, instant: Instant): Session | null {
  const def = SCHEDULES[id];
  if (def.kind === 'always') return ALWAYS;
  const t = ms(instant);
  return sessionsAround(def, t).find((s) => s.start <= t && t < s.end) ?? null;
}

export function isOpen(id: ScheduleId, instant: Instant): boolean {
  return sessionAt(id, instant) !== null;
}

export function marketStatus(id: ScheduleId, instant: Instant): 0 | 1 {
  return isOpen(id, instant) ? 1 : 0;
}

export function nextOpen(id: ScheduleId, instant: Instant): number | null {
  const def = SCHEDULES[id];
  if (def.kind === 'always') return null;
  const t = ms(instant);
  return sessionsAround(def, t).find((s) => s.start > t)?.start ?? null;
}

export function nextClose(id: ScheduleId, instant: Instant): number | null {
  const def = SCHEDULES[id];
  if (def.kind === 'always') return null;
  const t = ms(instant);
  return sessionsAround(def, t).find((s) => s.end > t)?.end ?? null;
}

/** The latest session that started strictly before `at` (it may still be running at `at`). */
export function previousSession(id: ScheduleId, instant: Instant): Session | null {
  const def = SCHEDULES[id];
  if (def.kind === 'always') return ALWAYS;
  const t = ms(instant);
  const sessions = sessionsAround(def, t);
  for (let i = sessions.length - 1; i >= 0; i--) {
    const s = sessions[i];
    if (s && s.start < t) return s;
  }
  return null;
}

export function tradingDayStart(id: ScheduleId, instant: Instant): number {
  const t = ms(instant);
  const def = SCHEDULES[id];
  if (def.kind === 'always') return Math.floor(t / DAY) * DAY;
  const local = toLocal(def.timeZone, t);
  const localDay = Math.floor(local / DAY);
  const minuteOfDay = Math.floor((local - localDay * DAY) / MINUTE);
  const startDay = minuteOfDay >= ROLL_MINUTE ? localDay : localDay - 1;
  return toUtc(def.timeZone, startDay * DAY + ROLL_MINUTE * MINUTE);
}

/** Usually start + 24 h, but 23 h or 25 h across a daylight-saving change. */
export function tradingDayEnd(id: ScheduleId, instant: Instant): number {
  const start = tradingDayStart(id, instant);
  const def = SCHEDULES[id];
  if (def.kind === 'always') return start + DAY;
  const localDay = Math.floor(toLocal(def.timeZone, start) / DAY);
  return toUtc(def.timeZone, (localDay + 1) * DAY + ROLL_MINUTE * MINUTE);
}

/** Hour of day (0–23) in the schedule's own time zone (UTC for 24/7 markets). */
export function localHour(id: ScheduleId, instant: Instant): number {
  const t = ms(instant);
  const def = SCHEDULES[id];
  const local = def.kind === 'always' ? t : toLocal(def.timeZone, t);
  return Math.floor((((local % DAY) + DAY) % DAY) / HOUR);
}

/** Day of week (0 Sunday – 6 Saturday) in the schedule's own time zone. */
export function localWeekday(id: ScheduleId, instant: Instant): number {
  const t = ms(instant);
  const def = SCHEDULES[id];
  const local = def.kind === 'always' ? t : toLocal(def.timeZone, t);
  return (((Math.floor(local / DAY) + 4) % 7) + 7) % 7;
}
