// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import en from '../i18n/locales/en.json' with { type: 'json' };
import { isChunkLoadError, ScreenBoundary } from './ScreenError';

beforeAll(async () => {
  await import('../lib/react19-render');
  const { initI18n } = await import('../i18n');
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** A screen whose code failed to download, as Chromium reports it. */
function Unloadable(): never {
  throw new TypeError(
    'Failed to fetch dynamically imported module: http://127.0.0.1/assets/TradeScreen-1.js',
  );
}

function Broken(): never {
  throw new Error('a bug in a screen');
}

describe('a screen that fails', () => {
  it('recognises a chunk that could not be downloaded, in each browser’s words', () => {
    expect(
      isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: http://x/a.js')),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
    expect(isChunkLoadError(new Error('a bug in a screen'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });

  it('offline, says the screen opens once back online, and reloads the page when the network returns', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <ScreenBoundary>
        <Unloadable />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe(en.connection.screenOffline);
    expect(reload).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('online'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('online, or for any other error, shows the generic error and never reloads by itself', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    render(
      <ScreenBoundary>
        <Broken />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('heading').textContent).toBe(en.errors.unknown.replace('{{code}}', 'APP'));
    window.dispatchEvent(new Event('online'));
    expect(reload).not.toHaveBeenCalled();
  });
});
