// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleInstrument } from '../markets/test-data';

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  InstrumentDrawer: typeof import('./InstrumentDrawer').InstrumentDrawer;
};
let m: Mods;

beforeAll(async () => {
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { InstrumentDrawer }] = await Promise.all([
    import('../../lib/providers'),
    import('./InstrumentDrawer'),
  ]);
  m = { Providers, InstrumentDrawer };
});

afterEach(() => {
  cleanup();
});

const LIST = [sampleInstrument({ Id: 1, Code: 'EURUSD' }), sampleInstrument({ Id: 2, Code: 'USDJPY' })];

describe('instrument drawer', () => {
  it('is a named dialog that takes the focus, and Escape or its named close icon closes it', async () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const onClose = vi.fn();
    const onSelect = vi.fn();
    const view = render(
      <m.Providers>
        <m.InstrumentDrawer visible instruments={LIST} selectedId={2} onSelect={onSelect} onClose={onClose} />
      </m.Providers>,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Instruments' });
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    expect(screen.getByTestId('drawer-item-USDJPY').getAttribute('aria-current')).toBe('true');

    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
    fireEvent.click(screen.getByTestId('drawer-item-EURUSD'));
    expect(onSelect).toHaveBeenCalledWith(LIST[0]);

    // Closed, it no longer listens, and the focus goes back to what opened it.
    view.rerender(
      <m.Providers>
        <m.InstrumentDrawer
          visible={false}
          instruments={LIST}
          selectedId={2}
          onSelect={onSelect}
          onClose={onClose}
        />
      </m.Providers>,
    );
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
