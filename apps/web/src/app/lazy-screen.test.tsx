// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { lazyNamed } from './route-table';

function Hello() {
  return <p>hello</p>;
}

afterEach(() => cleanup());

describe('lazy screens', () => {
  it('render in the first commit, without the spinner, once their code was preloaded', async () => {
    const Screen = lazyNamed(() => Promise.resolve({ Hello }), 'Hello');
    await Screen.preload();
    render(
      <Suspense fallback={<p>spinner</p>}>
        <Screen />
      </Suspense>,
    );
    // Synchronously after the first render: no spinner frame in between (it would shift the page).
    expect(screen.queryByText('spinner')).toBeNull();
    expect(screen.getByText('hello')).toBeTruthy();
  });

  it('show the spinner until code that was not preloaded arrives', async () => {
    let arrive: (m: { Hello: typeof Hello }) => void = () => undefined;
    const Screen = lazyNamed(() => new Promise<{ Hello: typeof Hello }>((ok) => (arrive = ok)), 'Hello');
    render(
      <Suspense fallback={<p>spinner</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('spinner')).toBeTruthy();
    await act(async () => arrive({ Hello }));
    expect(await screen.findByText('hello')).toBeTruthy();
  });
});
