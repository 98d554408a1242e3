import { formatTime } from '../lib/time';

/** A time in the table: local, with the machine-readable value on the element. */
export function TimeText({ ms }: { ms: number | null | undefined }) {
  if (ms === null || ms === undefined) return null;
  return (
    <time className="num" dateTime={new Date(ms).toISOString()}>
      {formatTime(ms)}
    </time>
  );
}
