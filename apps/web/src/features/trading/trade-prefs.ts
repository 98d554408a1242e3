import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

interface TradePrefsState {
  /** Off (the default): every order is shown in a confirm sheet before it is placed. */
  oneTap: boolean;
  setOneTap(oneTap: boolean): void;
}

/** The trader's order-entry preferences, kept on this device (a phone is one trader's). */
export const useTradePrefs = create<TradePrefsState>()(
  persist(
    (set) => ({
      oneTap: false,
      setOneTap: (oneTap) => set({ oneTap }),
    }),
    {
      name: 'meridian.trade_prefs',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ oneTap: s.oneTap }),
    },
  ),
);
