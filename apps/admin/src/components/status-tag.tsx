import { Tag } from 'antd';
import { label } from '../i18n';

export type Tone = 'waiting' | 'good' | 'bad' | 'neutral';
const COLORS: Record<Tone, string> = { waiting: 'gold', good: 'green', bad: 'red', neutral: 'default' };

/** A status as a coloured tag with its name (the colour never says it alone). */
export function StatusTag({
  value,
  names,
  tones,
}: {
  value: number;
  names: Record<number, string>;
  tones: Record<number, Tone>;
}) {
  return <Tag color={COLORS[tones[value] ?? 'neutral']}>{label(names, value)}</Tag>;
}
