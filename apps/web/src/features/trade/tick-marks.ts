import { TickMarkType, type Time } from 'lightweight-charts';

/**
 * The time axis's labels. Times of day are written directly as HH:mm (HH:mm:ss), the 24-hour form
 * every one of the app's 14 languages uses (the test checks each against Intl): the library's
 * default builds an ICU date formatter per label per draw (`Date#toLocaleString` with options), and
 * even built once, the formatters cost a phone some 80 ms of the trade screen's first chart frame
 * (Lighthouse's 4x CPU). It also wrote midnight as "24:05" in English, Chinese, Korean and Arabic.
 * Year, month and day labels (a day boundary on an intraday chart, the daily chart) keep the
 * locale's own words ("5日", "juil."), from a formatter built once per locale and kind.
 * The chart's times are London wall-clock time carried as UTC (london-time.ts): read in UTC.
 */
const OPTIONS: Record<TickMarkType, Intl.DateTimeFormatOptions> = {
  [TickMarkType.Year]: { year: 'numeric' },
  [TickMarkType.Month]: { month: 'short' },
  [TickMarkType.DayOfMonth]: { day: 'numeric' },
  [TickMarkType.Time]: { hour12: false, hour: '2-digit', minute: '2-digit' },
  [TickMarkType.TimeWithSeconds]: { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' },
};

/** A day with its month ("19 Nov", "11月19日"): for an axis whose marks mix days and times. */
const DAY_WITH_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short' };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: string, kind: TickMarkType, withMonth = false): Intl.DateTimeFormat {
  const key = `${locale}|${kind}|${withMonth}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    const options = withMonth && kind === TickMarkType.DayOfMonth ? DAY_WITH_MONTH : OPTIONS[kind];
    formatter = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    formatters.set(key, formatter);
  }
  return formatter;
}

/** The chart's epoch seconds (a number; business days are not used here) as a Date. */
function dateOf(time: Time): Date {
  if (typeof time === 'number') return new Date(time * 1000);
  if (typeof time === 'string') return new Date(`${time}T00:00:00Z`);
  return new Date(Date.UTC(time.year, time.month - 1, time.day));
}

function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

export function tickMarkLabel(time: Time, kind: TickMarkType, locale: string, withMonth = false): string {
  const date = dateOf(time);
  if (kind === TickMarkType.Time || kind === TickMarkType.TimeWithSeconds) {
    const hm = `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
    return kind === TickMarkType.Time ? hm : `${hm}:${twoDigits(date.getUTCSeconds())}`;
  }
  return formatterFor(locale, kind, withMonth).format(date);
}

/**
 * The same labels with each day's month ("19 Nov", not "19"): a strategy's equity curve spaces its
 * points by count, not time, so days of history and hours of live trading share one axis, and a
 * bare day between a month and a time ("Nov 19 12:01 29") read as one date. Times are UTC there.
 */
export function dayMonthTickLabel(time: Time, kind: TickMarkType, locale: string): string {
  return tickMarkLabel(time, kind, locale, true);
}
