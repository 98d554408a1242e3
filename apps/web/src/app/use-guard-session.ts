import type { GuardSession } from '../lib/guards';
import { isDemoUser, useSession } from '../lib/stores/session';

export function useGuardSession(): GuardSession {
  const isLogin = useSession((s) => s.isLogin);
  const isDemo = useSession((s) => isDemoUser(s.user));
  return { isLogin, isDemo };
}
