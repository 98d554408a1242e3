// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeepAlivePanes } from './keep-alive';

function Counter({ name }: { name: string }) {
  const [n, setN] = useState(0);
  return (
    <button type="button" data-testid={`count-${name}`} onClick={() => setN(n + 1)}>
      {n}
    </button>
  );
}

function Harness({ active, allowed }: { active: string | null; allowed: string[] }) {
  return (
    <KeepAlivePanes
      activeKey={active}
      isAllowed={(key) => allowed.includes(key)}
      render={(key) => <Counter name={key} />}
    />
  );
}

afterEach(cleanup);

describe('KeepAlivePanes', () => {
  it('keeps a left screen mounted but hidden, with its state, until it is no longer allowed', () => {
    const all = ['home', 'order'];
    const view = render(<Harness active="home" allowed={all} />);
    act(() => fireEvent.click(screen.getByTestId('count-home')));
    act(() => fireEvent.click(screen.getByTestId('count-home')));
    expect(screen.getByTestId('count-home').textContent).toBe('2');

    view.rerender(<Harness active="order" allowed={all} />);
    const homePane = screen.getByTestId('count-home').parentElement as HTMLElement;
    expect(homePane.style.display).toBe('none');
    expect((screen.getByTestId('count-order').parentElement as HTMLElement).style.display).toBe('');

    // A route that is not kept alive: every pane hidden, none unmounted.
    view.rerender(<Harness active={null} allowed={all} />);
    expect(screen.getByTestId('count-order').parentElement?.style.display).toBe('none');

    view.rerender(<Harness active="home" allowed={all} />);
    expect(screen.getByTestId('count-home').textContent).toBe('2');
    expect(homePane.style.display).toBe('');

    // After logout the order pane is dropped; coming back starts it fresh.
    act(() => fireEvent.click(screen.getByTestId('count-order')));
    view.rerender(<Harness active="home" allowed={['home']} />);
    expect(screen.queryByTestId('count-order')).toBeNull();
    view.rerender(<Harness active="order" allowed={all} />);
    expect(screen.getByTestId('count-order').textContent).toBe('0');
  });
});
