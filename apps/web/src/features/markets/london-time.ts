/**
 * lightweight-charts draws every timestamp as UTC and has no time-zone option, so candle times are
 * moved by London's UTC offset at that instant before they reach the chart: the axis then reads
 * London wall-clock time, GMT in winter and BST in summer.
 *
 * The offset comes from the UK's rule rather than from Intl: British Summer Time runs from 01:00
 * UTC on the last Sunday of March to 01:00 UTC on the last Sunday of October (the Summer Time Order
 * 2002, the same dates since 1996; every candle the server keeps is far younger). Building an
 * Intl.DateTimeFormat for Europe/London loads the time-zone data and cost a phone about 90 ms in
 * the trade screen's first chart draw (Lighthouse's 4× slowed CPU); the test checks the rule
 * against Intl over thirty years, hour by hour around each change.
 */

const HOUR = 3600;
const DAY = 86_400;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`, in epoch seconds. */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0) / 1000;
  const weekday = new Date(lastDay * 1000).getUTCDay();
  return lastDay - weekday * DAY + HOUR;
}

// The two change instants of a year, computed once per year seen.
const changesByYear = new Map<number, readonly [number, number]>();

/** London's offset from UTC, in seconds, at the instant `epochSeconds` (0 or 3600). */
export function londonOffsetSeconds(epochSeconds: number): number {
  const year = new Date(epochSeconds * 1000).getUTCFullYear();
  let changes = changesByYear.get(year);
  if (!changes) {
    changes = [lastSundayOneAm(year, 2), lastSundayOneAm(year, 9)];
    changesByYear.set(year, changes);
  }
  return epochSeconds >= changes[0] && epochSeconds < changes[1] ? HOUR : 0;
}

/** A UTC epoch-seconds time as the chart must receive it to show London wall-clock time. */
export function toLondonChartTime(epochSeconds: number): number {
  return epochSeconds + londonOffsetSeconds(epochSeconds);
}
