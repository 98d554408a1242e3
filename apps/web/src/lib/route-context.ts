import { createContext, useContext } from 'react';
import type { TKey } from '../i18n';

/** What a screen may know of the route it is rendered for; the shell's route table adds the screen. */
export interface RouteMeta {
  path: string;
  /** Title in the top bar; its presence is what gives a page the bar with a back button. */
  title?: TKey | ((search: URLSearchParams) => TKey);
  /** Screens sharing a key are one kept-alive instance (/user and /mine). */
  keepAlive?: string;
  /** Footer and tab bar (spec: exactly /, /trade, /order, /user, /news, /rank). */
  chrome?: boolean;
}

/** The route a screen is rendered for; kept-alive screens stay mounted while another route is current. */
export const RouteDefContext = createContext<RouteMeta | null>(null);

export function useRouteDef(): RouteMeta | null {
  return useContext(RouteDefContext);
}
