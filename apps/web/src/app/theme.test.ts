// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { applyTheme } from './theme';

describe('theme', () => {
  it('marks <html> with the trader’s choice, and leaves "system" to the stylesheet’s media query', () => {
    const root = document.createElement('html');
    applyTheme('dark', root);
    expect(root.getAttribute('data-theme')).toBe('dark');
    applyTheme('light', root);
    expect(root.getAttribute('data-theme')).toBe('light');
    applyTheme('system', root);
    expect(root.hasAttribute('data-theme')).toBe(false);
    // antd-mobile's own dark palette is never switched on: ours feeds its variables.
    expect(root.hasAttribute('data-prefers-color-scheme')).toBe(false);
  });
});
