// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n, setLanguage } from './index';
import { type Translation, useTranslation } from './use-translation';

const seen: Translation['t'][] = [];

function Label({ id }: { id: string }) {
  const { t } = useTranslation();
  seen.push(t);
  const loose = t as unknown as (key: string) => string;
  return (
    <p data-testid={id}>
      {t('nav.trade')}|{loose('test_hook.extra')}
    </p>
  );
}

describe("the app's useTranslation", () => {
  beforeAll(async () => {
    await import('../lib/react19-render');
    await initI18n('en');
  });
  afterEach(async () => {
    cleanup();
    await act(() => setLanguage('en'));
  });

  it('gives every component one t, and renders them again in a new language', async () => {
    seen.length = 0;
    render(
      <>
        <Label id="a" />
        <Label id="b" />
      </>,
    );
    expect(screen.getByTestId('a').textContent).toBe('Trade|test_hook.extra');
    expect(seen[0]).toBe(seen[1]);
    await act(() => setLanguage('fr'));
    expect(screen.getByTestId('a').textContent).toBe('Trading|test_hook.extra');
    expect(screen.getByTestId('b').textContent).toBe('Trading|test_hook.extra');
  });

  it('renders again when texts are added', async () => {
    render(<Label id="a" />);
    expect(screen.getByTestId('a').textContent).toBe('Trade|test_hook.extra');
    act(() => {
      i18n.addResourceBundle('en', 'translation', { test_hook: { extra: 'Loaded later' } }, true, true);
    });
    expect(screen.getByTestId('a').textContent).toBe('Trade|Loaded later');
  });
});
