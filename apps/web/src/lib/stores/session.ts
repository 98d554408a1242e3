import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

/** The user as /api/user/info and the login call return it (spec section 3). */
export interface SessionUser {
  id: number;
  uid: string | number;
  email?: string | null;
  /** 1 = demo (mock) account. */
  is_demo: number;
  credit_score?: number | string | null;
  invite_code?: string | null;
  [key: string]: unknown;
}

interface SessionState {
  token: string | null;
  user: SessionUser | null;
  /** True once user info is loaded for the token, not merely when a token exists. */
  isLogin: boolean;
  /** Wire value (number or decimal string); formatting to 2 decimals happens at display. */
  balance: number | string | null;
  setToken(token: string): void;
  setUser(user: SessionUser): void;
  setBalance(balance: number | string | null): void;
  clear(): void;
}

export const useSession = create<SessionState>()(
  persist(
    (set) => ({
      token: null,
      user: null,
      isLogin: false,
      balance: null,
      setToken: (token) => set({ token }),
      setUser: (user) => set({ user, isLogin: true }),
      setBalance: (balance) => set({ balance }),
      clear: () => set({ token: null, user: null, isLogin: false, balance: null }),
    }),
    {
      name: 'meridian.session',
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, user, isLogin, balance }) => ({ token, user, isLogin, balance }),
    },
  ),
);

export const isDemoUser = (user: SessionUser | null): boolean => Number(user?.is_demo) === 1;
