import { RESEND_COOLDOWN_SECONDS } from '@meridian/contract';
import { useCallback, useEffect, useState } from 'react';

/** Whole seconds left until `untilMs`, rounded up so the button never shows 0 while still disabled. */
export function secondsLeft(untilMs: number | null, nowMs: number): number {
  if (untilMs === null) return 0;
  return Math.max(0, Math.ceil((untilMs - nowMs) / 1000));
}

/**
 * The resend countdown (spec: 60 s). Computed from a deadline rather than by decrementing, so a
 * throttled background tab still shows the right number when it wakes.
 */
export function useCountdown(seconds: number = RESEND_COOLDOWN_SECONDS): {
  remaining: number;
  start(): void;
} {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const remaining = secondsLeft(until, now);

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= until) setUntil(null);
    }, 250);
    return () => clearInterval(timer);
  }, [until]);

  const start = useCallback(() => {
    const t = Date.now();
    setNow(t);
    setUntil(t + seconds * 1000);
  }, [seconds]);

  return { remaining, start };
}
