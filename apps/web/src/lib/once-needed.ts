import { useState } from 'react';

/**
 * True from the first render where `needed` is, and for the component's life after: a sheet or
 * drawer mounts when first opened (not while the screen loads, where antd-mobile's popup with its
 * spring and gesture hooks re-rendered closed on every quote tick), and stays mounted so it closes
 * and opens again with its animation.
 */
export function useMountedOnceNeeded(needed: boolean): boolean {
  const [mounted, setMounted] = useState(needed);
  if (needed && !mounted) setMounted(true);
  return mounted || needed;
}
