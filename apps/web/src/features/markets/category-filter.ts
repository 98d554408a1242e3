import type { TradeInstrument } from '@meridian/contract';

/** Tapping the active chip clears the filter; tapping another one switches to it (spec: home). */
export function toggleCategory(current: number | null, tapped: number): number | null {
  return current === tapped ? null : tapped;
}

export function filterByCategory<T extends Pick<TradeInstrument, 'CategoryId'>>(
  list: readonly T[],
  categoryId: number | null,
): readonly T[] {
  return categoryId === null ? list : list.filter((item) => item.CategoryId === categoryId);
}
