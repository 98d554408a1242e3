import { LANGUAGE_TAGS } from '@meridian/contract';
import { TickMarkType, type UTCTimestamp } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { dayMonthTickLabel, tickMarkLabel } from './tick-marks';

/** What lightweight-charts' default formatter writes: the UTC fields as a local date, toLocaleString. */
function libraryDefault(seconds: number, kind: TickMarkType, locale: string): string {
  const options: Intl.DateTimeFormatOptions =
    kind === TickMarkType.Year
      ? { year: 'numeric' }
      : kind === TickMarkType.Month
        ? { month: 'short' }
        : kind === TickMarkType.DayOfMonth
          ? { day: 'numeric' }
          : kind === TickMarkType.Time
            ? { hour12: false, hour: '2-digit', minute: '2-digit' }
            : { hour12: false, hour: '2-digit', minute: '2-digit', second: '2-digit' };
  const d = new Date(seconds * 1000);
  const local = new Date(
    d.getUTCFullYear(),
    d.getUTCMonth(),
    d.getUTCDate(),
    d.getUTCHours(),
    d.getUTCMinutes(),
    d.getUTCSeconds(),
  );
  return local.toLocaleString(locale, options);
}

describe('the chart time axis labels', () => {
  const times = [
    Date.UTC(2026, 0, 1, 0, 0, 0),
    Date.UTC(2026, 2, 29, 23, 59, 30),
    Date.UTC(2026, 6, 15, 13, 5, 9),
    Date.UTC(2027, 11, 31, 7, 45, 0),
  ].map((ms) => (ms / 1000) as UTCTimestamp);
  const kinds = [
    TickMarkType.Year,
    TickMarkType.Month,
    TickMarkType.DayOfMonth,
    TickMarkType.Time,
    TickMarkType.TimeWithSeconds,
  ];

  const tags = Object.values(LANGUAGE_TAGS);

  it.each(tags)('writes years, months and days as the library default does in %s', (locale) => {
    for (const time of times)
      for (const kind of kinds.slice(0, 3))
        expect(tickMarkLabel(time, kind, locale)).toBe(libraryDefault(time, kind, locale));
  });

  it.each(tags)("writes times of day as the locale's 24-hour clock in %s, midnight as 00", (locale) => {
    const clock = (seconds: boolean) =>
      new Intl.DateTimeFormat(locale, {
        hourCycle: 'h23',
        hour: '2-digit',
        minute: '2-digit',
        second: seconds ? '2-digit' : undefined,
        timeZone: 'UTC',
      });
    const [hm, hms] = [clock(false), clock(true)];
    for (let hour = 0; hour < 24; hour++) {
      const time = (Date.UTC(2026, 0, 1, hour, 7, 9) / 1000) as UTCTimestamp;
      const date = new Date(time * 1000);
      expect(tickMarkLabel(time, TickMarkType.Time, locale)).toBe(hm.format(date));
      expect(tickMarkLabel(time, TickMarkType.TimeWithSeconds, locale)).toBe(hms.format(date));
    }
    const midnight = (Date.UTC(2026, 0, 1, 0, 5) / 1000) as UTCTimestamp;
    expect(tickMarkLabel(midnight, TickMarkType.Time, locale)).toBe('00:05');
  });

  it('writes the chart time as given (London wall-clock time carried as UTC)', () => {
    const time = (Date.UTC(2026, 6, 15, 13, 5) / 1000) as UTCTimestamp;
    expect(tickMarkLabel(time, TickMarkType.Time, 'en-GB')).toBe('13:05');
  });

  it('names the month with each day on the equity curve, and leaves its other labels as they are', () => {
    const time = (Date.UTC(2026, 10, 19, 12, 1) / 1000) as UTCTimestamp;
    expect(dayMonthTickLabel(time, TickMarkType.DayOfMonth, 'en-GB')).toBe('19 Nov');
    expect(dayMonthTickLabel(time, TickMarkType.DayOfMonth, 'en-US')).toBe('Nov 19');
    expect(dayMonthTickLabel(time, TickMarkType.DayOfMonth, 'fr-FR')).toBe('19 nov.');
    expect(tickMarkLabel(time, TickMarkType.DayOfMonth, 'en-GB')).toBe('19');
    for (const kind of [
      TickMarkType.Year,
      TickMarkType.Month,
      TickMarkType.Time,
      TickMarkType.TimeWithSeconds,
    ])
      expect(dayMonthTickLabel(time, kind, 'en-GB')).toBe(tickMarkLabel(time, kind, 'en-GB'));
  });
});
