import type { ReactNode } from 'react';

export interface ChipProps {
  selected: boolean;
  onSelect(): void;
  testId: string;
  children: ReactNode;
}

/**
 * One chip: a toggle button whose pressed state is the choice. Each screen family gives it its own
 * class (follow-chip, funding-chip), so the look stays theirs and the behaviour is one.
 */
export function ToggleChip({
  selected,
  onSelect,
  testId,
  children,
  className,
}: ChipProps & { className: string }) {
  return (
    <button
      type="button"
      className={className}
      aria-pressed={selected}
      data-testid={testId}
      onClick={onSelect}
    >
      {children}
    </button>
  );
}
