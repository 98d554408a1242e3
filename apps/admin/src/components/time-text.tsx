import { fmt, t } from '../i18n';
import { formatTime } from '../lib/time';
import { WrapText } from './cell-text';

/**
 * A time in the table: local, with the machine-readable value on the element. `stacked` puts the
 * date over the clock, for narrow columns of wide tables.
 */
export function TimeText({ ms, stacked = false }: { ms: number | null | undefined; stacked?: boolean }) {
  if (ms === null || ms === undefined) return null;
  const text = formatTime(ms);
  const dateTime = new Date(ms).toISOString();
  if (!stacked) {
    return (
      <time className="num" dateTime={dateTime}>
        {text}
      </time>
    );
  }
  const [date, clock] = text.split(' ');
  return (
    <time className="num time-stacked" dateTime={dateTime}>
      <span>{date}</span> <span>{clock}</span>
    </time>
  );
}

/** When something was decided (or asked for) and by whom: the date, the clock, then the member. */
export function TimeBy({ ms, who }: { ms: number | null | undefined; who?: string | null }) {
  if (ms === null || ms === undefined) return null;
  return (
    <span className="time-by">
      <TimeText ms={ms} stacked />
      {who ? (
        <WrapText width={150} secondary>
          {fmt(t.common.decidedBy, { who })}
        </WrapText>
      ) : null}
    </span>
  );
}
