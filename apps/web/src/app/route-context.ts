import { createContext, useContext } from 'react';
import type { RouteDef } from './route-table';

/** The route a screen is rendered for; kept-alive screens stay mounted while another route is current. */
export const RouteDefContext = createContext<RouteDef | null>(null);

export function useRouteDef(): RouteDef | null {
  return useContext(RouteDefContext);
}
