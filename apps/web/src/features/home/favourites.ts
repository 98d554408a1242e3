import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface FavouritesState {
  /** Instrument codes, kept by code so a reseeded server (new ids) keeps the trader's stars. */
  codes: string[];
  toggle(code: string): void;
}

/** The instruments the trader starred, on this device only (localStorage): no account needed. */
export const useFavourites = create<FavouritesState>()(
  persist(
    (set) => ({
      codes: [],
      toggle: (code) =>
        set((s) => ({
          codes: s.codes.includes(code) ? s.codes.filter((c) => c !== code) : [...s.codes, code],
        })),
    }),
    {
      name: 'meridian.favourites',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ codes: s.codes }),
    },
  ),
);
