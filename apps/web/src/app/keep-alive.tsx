import { type ReactNode, useEffect, useState } from 'react';

interface KeepAlivePanesProps {
  /** The pane of the current route, or null when the route is not kept alive. */
  activeKey: string | null;
  /** Whether a pane may stay mounted; panes that stop being allowed (after logout) are dropped. */
  isAllowed(key: string): boolean;
  render(key: string): ReactNode;
}

/**
 * Screens that survive being left: each is mounted the first time it is visited and afterwards only
 * hidden, so its React state (scroll lists, chosen tab, form input) is there on return.
 */
export function KeepAlivePanes({ activeKey, isAllowed, render }: KeepAlivePanesProps) {
  const [visited, setVisited] = useState<string[]>(() => (activeKey ? [activeKey] : []));
  // Derived in render, not in an effect, so a first visit shows without a blank frame.
  if (activeKey && isAllowed(activeKey) && !visited.includes(activeKey)) setVisited([...visited, activeKey]);

  const stale = visited.some((key) => !isAllowed(key));
  useEffect(() => {
    if (stale) setVisited((keys) => keys.filter(isAllowed));
  }, [stale, isAllowed]);

  return (
    <>
      {visited.filter(isAllowed).map((key) => (
        <div
          key={key}
          className="keep-alive-pane"
          data-pane={key}
          style={key === activeKey ? undefined : { display: 'none' }}
        >
          {render(key)}
        </div>
      ))}
    </>
  );
}
