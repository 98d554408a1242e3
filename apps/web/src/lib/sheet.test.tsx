// @vitest-environment happy-dom
import { useEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useEscape } from './sheet';

// React schedules as in a browser here (no act() queue): the point is when its effects run.
let root: Root | undefined;
const scope = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const actEnvironment = scope.IS_REACT_ACT_ENVIRONMENT;
beforeEach(() => {
  scope.IS_REACT_ACT_ENVIRONMENT = false;
});
afterEach(() => {
  scope.IS_REACT_ACT_ENVIRONMENT = actEnvironment;
  root?.unmount();
  root = undefined;
  document.body.innerHTML = '';
});

function Opens({ onEscape }: { onEscape: () => void }) {
  const [open, setOpen] = useState(false);
  // Opened outside any event (as a sheet whose code just loaded mounts open).
  useEffect(() => {
    const timer = setTimeout(() => setOpen(true), 0);
    return () => clearTimeout(timer);
  }, []);
  useEscape(open, onEscape);
  return open ? <div data-testid="open-sheet" /> : null;
}

describe('useEscape', () => {
  it('listens from the commit that shows the sheet, so an Escape pressed as soon as it appears closes it', async () => {
    const onEscape = vi.fn();
    const pressed = new Promise<void>((resolve) => {
      // Press Escape the moment the sheet is in the document: before any later task (a passive
      // effect after the paint would not be listening yet).
      const observer = new MutationObserver(() => {
        if (!document.querySelector('[data-testid="open-sheet"]')) return;
        observer.disconnect();
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
        resolve();
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    root.render(<Opens onEscape={onEscape} />);
    await pressed;
    expect(onEscape).toHaveBeenCalledTimes(1);
  });
});
