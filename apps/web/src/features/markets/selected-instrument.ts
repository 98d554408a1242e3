import type { Period } from '@meridian/contract';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface SelectedInstrument {
  id: number;
  /** Kept beside the id so the screen can name the instrument before the trade list has loaded. */
  code: string;
}

interface SelectedInstrumentState {
  selected: SelectedInstrument | null;
  period: Period;
  select(instrument: SelectedInstrument): void;
  setPeriod(period: Period): void;
}

export const DEFAULT_PERIOD: Period = '1min';

/** The instrument and chart period on /trade; persisted so both survive a reload (issue 3). */
export const useSelectedInstrument = create<SelectedInstrumentState>()(
  persist(
    (set) => ({
      selected: null,
      period: DEFAULT_PERIOD,
      select: (instrument) => set({ selected: { id: instrument.id, code: instrument.code } }),
      setPeriod: (period) => set({ period }),
    }),
    {
      name: 'meridian.trade_selection',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ selected: s.selected, period: s.period }),
    },
  ),
);
