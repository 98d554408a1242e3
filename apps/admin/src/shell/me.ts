import type { StaffMe } from '@meridian/contract';
import { useSession } from '../session';

let lastMe: StaffMe | null = null;

/**
 * The signed-in member, inside the console's pages (the shell renders them only with a session).
 * While a sign-out unmounts the pages, the last member stands in for one render.
 */
export function useMe(): StaffMe {
  const session = useSession();
  if (session) lastMe = session.me;
  if (!lastMe) throw new Error('useMe outside a staff session');
  return lastMe;
}
