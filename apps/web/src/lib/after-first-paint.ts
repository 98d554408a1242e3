import { useEffect, useState } from 'react';

let painted = false;

/**
 * False on a component's first render, true once the browser has painted it and then had a quiet
 * moment (`requestIdleCallback`, at most `timeoutMs` later; a frame and a task where it is missing).
 * For heavy parts that can wait for the rest of the screen: the trade chart loads and draws after
 * the form, quote and buttons are on screen instead of holding their first paint. Once true it stays
 * true for the page's life, so a screen opened later does not wait again.
 */
export function useAfterFirstPaint(timeoutMs = 1000): boolean {
  const [ready, setReady] = useState(painted);
  useEffect(() => {
    if (ready) return;
    let idle: number | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      painted = true;
      setReady(true);
    };
    const frame = requestAnimationFrame(() => {
      if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(done, { timeout: timeoutMs });
      else timer = setTimeout(done, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (idle !== undefined) cancelIdleCallback(idle);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [ready, timeoutMs]);
  return ready;
}
