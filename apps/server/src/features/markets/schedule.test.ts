import { describe, expect, it } from 'vitest';
import {
  isOpen,
  marketStatus,
  nextClose,
  nextOpen,
  previousSession,
  sessionAt,
  tradingDayEnd,
  tradingDayStart,
} from './schedule.js';

const T = (iso: string) => Date.parse(iso);

// Winter weeks (New York = UTC−5): 2026-01-11 is a Sunday, 2026-01-16 a Friday.
// US daylight saving starts Sunday 2026-03-08 (New York = UTC−4 from 02:00 local).
describe('forex schedule', () => {
  it('is closed on the weekend and opens Sunday 17:00 New York (22:00 UTC in winter)', () => {
    expect(isOpen('forex', T('2026-01-10T12:00:00Z'))).toBe(false); // Saturday
    expect(isOpen('forex', T('2026-01-11T21:59:59Z'))).toBe(false);
    expect(isOpen('forex', T('2026-01-11T22:00:00Z'))).toBe(true);
    expect(marketStatus('forex', T('2026-01-13T03:00:00Z'))).toBe(1);
    expect(nextOpen('forex', T('2026-01-10T12:00:00Z'))).toBe(T('2026-01-11T22:00:00Z'));
  });

  it('closes Friday 17:00 New York and reopens on Sunday', () => {
    expect(isOpen('forex', T('2026-01-16T21:59:59Z'))).toBe(true);
    expect(isOpen('forex', T('2026-01-16T22:00:00Z'))).toBe(false);
    expect(nextClose('forex', T('2026-01-14T10:00:00Z'))).toBe(T('2026-01-16T22:00:00Z'));
    expect(nextOpen('forex', T('2026-01-16T22:00:00Z'))).toBe(T('2026-01-18T22:00:00Z'));
    // Forex has no daily break.
    expect(isOpen('forex', T('2026-01-13T22:30:00Z'))).toBe(true);
  });

  it('follows US daylight saving: the week opens at 21:00 UTC once New York is on EDT', () => {
    expect(isOpen('forex', T('2026-03-08T21:30:00Z'))).toBe(true);
    expect(isOpen('forex', T('2026-03-01T21:30:00Z'))).toBe(false);
    expect(nextOpen('forex', T('2026-03-07T12:00:00Z'))).toBe(T('2026-03-08T21:00:00Z'));
    // Friday close of the first summer week.
    expect(nextClose('forex', T('2026-03-10T12:00:00Z'))).toBe(T('2026-03-13T21:00:00Z'));
  });

  it('starts the trading day at the 17:00 New York roll, not at midnight UTC', () => {
    expect(tradingDayStart('forex', T('2026-01-13T23:00:00Z'))).toBe(T('2026-01-13T22:00:00Z'));
    expect(tradingDayStart('forex', T('2026-01-13T21:59:59Z'))).toBe(T('2026-01-12T22:00:00Z'));
    expect(tradingDayStart('forex', T('2026-01-14T03:00:00Z'))).toBe(T('2026-01-13T22:00:00Z'));
    // Monday's trading day starts on Sunday evening.
    expect(tradingDayStart('forex', T('2026-01-12T10:00:00Z'))).toBe(T('2026-01-11T22:00:00Z'));
    expect(tradingDayEnd('forex', T('2026-01-12T10:00:00Z'))).toBe(T('2026-01-12T22:00:00Z'));
  });

  it('has a 23-hour trading day across the spring DST change', () => {
    // The day that began Saturday 17:00 EST ends Sunday 17:00 EDT.
    const start = tradingDayStart('forex', T('2026-03-08T12:00:00Z'));
    expect(start).toBe(T('2026-03-07T22:00:00Z'));
    expect(tradingDayEnd('forex', T('2026-03-08T12:00:00Z'))).toBe(T('2026-03-08T21:00:00Z'));
    expect(tradingDayStart('forex', T('2026-03-10T12:00:00Z'))).toBe(T('2026-03-09T21:00:00Z'));
  });
});

describe('schedules with a daily break', () => {
  it('pauses metals, energy and indices 17:00–18:00 New York every weekday', () => {
    for (const id of ['metals', 'energy', 'indices'] as const) {
      expect(isOpen(id, T('2026-01-13T21:59:00Z'))).toBe(true);
      expect(isOpen(id, T('2026-01-13T22:00:00Z'))).toBe(false);
      expect(isOpen(id, T('2026-01-13T22:59:59Z'))).toBe(false);
      expect(isOpen(id, T('2026-01-13T23:00:00Z'))).toBe(true);
      expect(nextOpen(id, T('2026-01-13T22:15:00Z'))).toBe(T('2026-01-13T23:00:00Z'));
      expect(nextClose(id, T('2026-01-13T10:00:00Z'))).toBe(T('2026-01-13T22:00:00Z'));
    }
  });

  it('opens the metals week on Sunday 18:00 New York and closes it on Friday 17:00', () => {
    expect(isOpen('metals', T('2026-01-11T22:30:00Z'))).toBe(false);
    expect(isOpen('metals', T('2026-01-11T23:00:00Z'))).toBe(true);
    expect(isOpen('metals', T('2026-01-16T22:30:00Z'))).toBe(false);
    expect(nextOpen('metals', T('2026-01-16T22:30:00Z'))).toBe(T('2026-01-18T23:00:00Z'));
  });

  it('shifts the break with daylight saving', () => {
    expect(isOpen('indices', T('2026-03-10T21:30:00Z'))).toBe(false);
    expect(isOpen('indices', T('2026-03-10T22:30:00Z'))).toBe(true);
  });

  it('finds the session before an instant, across the weekend', () => {
    const s = previousSession('energy', T('2026-01-17T12:00:00Z'));
    expect(s).toEqual({ start: T('2026-01-15T23:00:00Z'), end: T('2026-01-16T22:00:00Z') });
    expect(sessionAt('energy', T('2026-01-17T12:00:00Z'))).toBeNull();
    expect(sessionAt('energy', T('2026-01-16T12:00:00Z'))).toEqual(s);
  });
});

describe('crypto schedule', () => {
  it('is always open and its trading day starts at midnight UTC', () => {
    expect(isOpen('crypto', T('2026-01-10T12:00:00Z'))).toBe(true);
    expect(isOpen('crypto', T('2026-03-08T21:30:00Z'))).toBe(true);
    expect(nextOpen('crypto', T('2026-01-10T12:00:00Z'))).toBeNull();
    expect(nextClose('crypto', T('2026-01-10T12:00:00Z'))).toBeNull();
    expect(tradingDayStart('crypto', T('2026-01-10T12:34:56Z'))).toBe(T('2026-01-10T00:00:00Z'));
    expect(tradingDayEnd('crypto', T('2026-01-10T12:34:56Z'))).toBe(T('2026-01-11T00:00:00Z'));
  });
});
