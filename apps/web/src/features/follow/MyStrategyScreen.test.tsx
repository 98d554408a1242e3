// @vitest-environment happy-dom
import { routes } from '@meridian/contract';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import Toast from 'antd-mobile/es/components/toast';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, sampleUser } from '../auth/test-server';
import { en } from '../auth/test-texts';
import { myStrategy, strategy } from './testing/fixtures';

const server = createFakeServer();
const { routes: replies } = server;

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  MyStrategyScreen: typeof import('./MyStrategyScreen').MyStrategyScreen;
  useSession: typeof import('../../lib/stores/session').useSession;
  queryClient: typeof import('../../lib/services').queryClient;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { MyStrategyScreen }, { useSession }, { queryClient }] = await Promise.all([
    import('../../lib/providers'),
    import('./MyStrategyScreen'),
    import('../../lib/stores/session'),
    import('../../lib/services'),
  ]);
  m = { Providers, MyStrategyScreen, useSession, queryClient };
});

beforeEach(() => {
  server.reset();
  m.queryClient.clear();
  m.useSession.getState().clear();
});
afterEach(() => {
  Toast.clear();
  cleanup();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

const signIn = (user: typeof sampleUser = sampleUser) =>
  act(() => {
    m.useSession.getState().setToken('tok-now');
    m.useSession.getState().setUser(user);
  });

function show() {
  const router = createMemoryRouter(
    [
      { path: '/follow/mine', element: <m.MyStrategyScreen /> },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: ['/follow/mine'] },
  );
  render(
    <m.Providers>
      <RouterProvider router={router} />
    </m.Providers>,
  );
  return router;
}

const toastTexts = () => [...document.body.querySelectorAll('.toast-text')].map((el) => el.textContent);
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('/follow/mine', () => {
  it('publishes a strategy once the form is right, and then shows it', async () => {
    signIn();
    let published = false;
    replies[routeKey(routes.myStrategy)] = () => ({
      code: 1,
      data: published
        ? myStrategy({
            strategy: strategy({ id: 12, name: 'Calm Carry' }),
            followers: [],
            fees_earned: '0.000000',
          })
        : { strategy: null, followers: [], fees_earned: '0.000000' },
    });
    replies[routeKey(routes.publish)] = () => {
      published = true;
      return { code: 1, data: strategy({ id: 12, name: 'Calm Carry' }) };
    };
    show();
    await screen.findByTestId('publish-form');
    expect(screen.getByRole('heading', { level: 2, name: en('follow.publish_title') })).toBeTruthy();
    const submit = screen.getByTestId('publish-form-submit');

    // A one-letter name.
    fireEvent.change(field('Strategy name'), { target: { value: 'C' } });
    fireEvent.click(submit);
    await waitFor(() => expect(toastTexts()).toContain(en('follow.name_invalid')));
    fireEvent.change(field('Strategy name'), { target: { value: '  Calm Carry ' } });
    fireEvent.change(screen.getByLabelText('Description (optional)'), {
      target: { value: 'Slow carry trades.' },
    });
    // A fee above 50.
    fireEvent.change(field('Performance fee'), { target: { value: '55' } });
    fireEvent.click(submit);
    await waitFor(() => expect(toastTexts()).toContain(en('follow.fee_invalid')));
    // More than 2 decimals cannot be typed.
    fireEvent.change(field('Performance fee'), { target: { value: '12.555' } });
    expect(field('Performance fee').value).toBe('12.55');
    fireEvent.change(field('Minimum investment'), { target: { value: '' } });
    fireEvent.click(submit);
    await waitFor(() => expect(toastTexts()).toContain(en('follow.min_invest_invalid')));
    expect(server.calls(routes.publish)).toHaveLength(0);

    fireEvent.change(field('Minimum investment'), { target: { value: '250' } });
    fireEvent.click(submit);
    await waitFor(() => expect(server.calls(routes.publish)).toHaveLength(1));
    expect(Object.fromEntries(server.calls(routes.publish)[0]?.params ?? [])).toEqual({
      name: 'Calm Carry',
      desc: 'Slow carry trades.',
      fee_rate: '12.55',
      min_invest: '250',
    });
    expect((await screen.findByTestId('mine-name')).textContent).toBe('Calm Carry');
    expect(toastTexts()).toContain(en('follow.published'));
  });

  it('tells a demo account its strategy will be a demo one', async () => {
    signIn({ ...sampleUser, is_demo: 1 });
    replies[routeKey(routes.myStrategy)] = () => ({
      code: 1,
      data: { strategy: null, followers: [], fees_earned: '0.000000' },
    });
    show();
    expect((await screen.findByTestId('publish-demo')).textContent).toBe(en('follow.publish_demo'));
    // Its strategy is free: no fee to type, and none sent.
    expect(screen.queryByLabelText('Performance fee')).toBeNull();
    replies[routeKey(routes.publish)] = () => ({
      code: 1,
      data: strategy({ id: 13, name: 'Practice run', is_demo: 1, fee_rate: '0.00' }),
    });
    fireEvent.change(field('Strategy name'), { target: { value: 'Practice run' } });
    fireEvent.click(screen.getByTestId('publish-form-submit'));
    await waitFor(() => expect(server.calls(routes.publish)).toHaveLength(1));
    expect(Object.fromEntries(server.calls(routes.publish)[0]?.params ?? [])).toMatchObject({
      name: 'Practice run',
      fee_rate: '0',
    });
  });

  it('shows the followers and fees earned, saves only what changed, and pauses after asking', async () => {
    signIn();
    replies[routeKey(routes.myStrategy)] = () => ({ code: 1, data: myStrategy() });
    replies[routeKey(routes.strategyUpdate)] = () => ({ code: 1, data: strategy({ id: 12 }) });
    show();
    expect((await screen.findByTestId('mine-fees-earned')).textContent).toBe('8.00');
    expect(screen.getByTestId('mine-status').textContent).toBe('Active');
    const followers = screen.getByTestId('strategy-followers-list');
    expect(followers.textContent).toContain('b***@example.com');
    expect(followers.textContent).toContain('2,040.00');
    expect(followers.textContent).toContain('2,000.00');
    expect(screen.getByTestId('mine-public').getAttribute('href')).toBe('/follow/strategy?id=12');

    // Nothing changed: nothing sent.
    const form = within(screen.getByTestId('strategy-edit'));
    fireEvent.click(form.getByTestId('edit-form-submit'));
    await waitFor(() => expect(toastTexts()).toContain(en('follow.nothing_changed')));
    fireEvent.change(form.getByLabelText('Performance fee'), { target: { value: '15' } });
    fireEvent.click(form.getByTestId('edit-form-submit'));
    await waitFor(() => expect(server.calls(routes.strategyUpdate)).toHaveLength(1));
    expect(Object.fromEntries(server.calls(routes.strategyUpdate)[0]?.params ?? [])).toEqual({
      id: '12',
      fee_rate: '15',
    });

    // Pausing stops every copy: asked first.
    fireEvent.click(screen.getByTestId('strategy-pause'));
    const sheet = await screen.findByRole('dialog', { name: 'Pause' });
    expect(sheet.textContent).toContain('Every copy of it stops');
    expect(server.calls(routes.strategyUpdate)).toHaveLength(1);
    fireEvent.click(within(sheet).getByTestId('status-confirm'));
    await waitFor(() => expect(server.calls(routes.strategyUpdate)).toHaveLength(2));
    expect(Object.fromEntries(server.calls(routes.strategyUpdate)[1]?.params ?? [])).toEqual({
      id: '12',
      status: 'paused',
    });
    await waitFor(() => expect(toastTexts()).toContain(en('follow.status_done.paused')));
  });

  it('sends a chosen picture as a file, shows the one the server made, and removes it', async () => {
    signIn();
    let avatar: string | null = null;
    replies[routeKey(routes.myStrategy)] = () => ({
      code: 1,
      data: myStrategy({ strategy: strategy({ id: 12, avatar }), followers: [], fees_earned: '0.000000' }),
    });
    replies[routeKey(routes.avatarUpload)] = () => {
      avatar = `${routes.strategyAvatar.path}?id=12&v=first`;
      return { code: 1, data: strategy({ id: 12, avatar }) };
    };
    replies[routeKey(routes.strategyUpdate)] = () => {
      avatar = null;
      return { code: 1, data: strategy({ id: 12, avatar }) };
    };
    show();
    const choose = await screen.findByTestId('picture-choose');
    expect(choose.textContent).toBe(en('follow.picture_add'));
    expect(screen.queryByTestId('picture-remove')).toBeNull();
    expect(screen.queryByTestId('strategy-avatar-img')).toBeNull();

    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'me.jpg', { type: 'image/jpeg' });
    fireEvent.change(screen.getByTestId('picture-input'), { target: { files: [file] } });
    await waitFor(() => expect(server.calls(routes.avatarUpload)).toHaveLength(1));
    const body = server.calls(routes.avatarUpload)[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('me.jpg');
    await waitFor(() => expect(toastTexts()).toContain(en('follow.picture_saved')));
    const img = (await screen.findByTestId('strategy-avatar-img')) as HTMLImageElement;
    expect(img.getAttribute('src')).toBe(`${routes.strategyAvatar.path}?id=12&v=first`);
    expect(screen.getByTestId('picture-choose').textContent).toBe(en('follow.picture_change'));

    fireEvent.click(screen.getByTestId('picture-remove'));
    await waitFor(() => expect(server.calls(routes.strategyUpdate)).toHaveLength(1));
    expect(Object.fromEntries(server.calls(routes.strategyUpdate)[0]?.params ?? [])).toEqual({
      id: '12',
      avatar: '',
    });
    await waitFor(() => expect(screen.queryByTestId('strategy-avatar-img')).toBeNull());
    expect(toastTexts()).toContain(en('follow.picture_removed'));
  });

  /** A demo account without a strategy, whose publish works and whose picture is taken or refused. */
  function publishing(refuse: boolean) {
    signIn({ ...sampleUser, is_demo: 1 });
    let published = false;
    replies[routeKey(routes.myStrategy)] = () => ({
      code: 1,
      data: published
        ? myStrategy({
            strategy: strategy({ id: 14, name: 'With Face' }),
            followers: [],
            fees_earned: '0.000000',
          })
        : { strategy: null, followers: [], fees_earned: '0.000000' },
    });
    replies[routeKey(routes.publish)] = () => {
      published = true;
      return { code: 1, data: strategy({ id: 14, name: 'With Face' }) };
    };
    replies[routeKey(routes.avatarUpload)] = () =>
      refuse
        ? { code: 5001, msg: 'Only JPEG, PNG or WebP images can be uploaded.' }
        : {
            code: 1,
            data: strategy({ id: 14, name: 'With Face', avatar: `${routes.strategyAvatar.path}?id=14&v=x` }),
          };
    show();
  }
  const face = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'face.png', { type: 'image/png' });

  it('sends a picture chosen in the publish form once the strategy is published', async () => {
    publishing(false);
    await screen.findByTestId('publish-form');
    fireEvent.change(screen.getByTestId('picture-input'), { target: { files: [face()] } });
    // Kept in the form until it is published: shown, nothing sent yet; it can be taken back.
    expect((await screen.findByTestId('picture-preview')).getAttribute('alt')).toBe('');
    expect(server.calls(routes.avatarUpload)).toHaveLength(0);
    fireEvent.click(screen.getByTestId('picture-remove'));
    await waitFor(() => expect(screen.queryByTestId('picture-preview')).toBeNull());
    fireEvent.change(screen.getByTestId('picture-input'), { target: { files: [face()] } });
    await screen.findByTestId('picture-preview');

    fireEvent.change(field('Strategy name'), { target: { value: 'With Face' } });
    fireEvent.click(screen.getByTestId('publish-form-submit'));
    await waitFor(() => expect(server.calls(routes.avatarUpload)).toHaveLength(1));
    expect(server.calls(routes.publish)).toHaveLength(1);
    const sentAt = server.seen.findIndex((c) => c.path === routes.avatarUpload.path);
    expect(server.seen.findIndex((c) => c.path === routes.publish.path)).toBeLessThan(sentAt);
    const sentBody = server.calls(routes.avatarUpload)[0]?.body;
    expect(sentBody).toBeInstanceOf(FormData);
    expect(((sentBody as FormData).get('file') as File).name).toBe('face.png');
    await waitFor(() => expect(toastTexts()).toContain(en('follow.published')));
    expect((await screen.findByTestId('mine-name')).textContent).toBe('With Face');
  });

  it('keeps the strategy when its picture is refused, and leaves the refusal on screen', async () => {
    // The test before's toast fades out first: this one must show none of its own success.
    await waitFor(() => expect(toastTexts()).toEqual([]), { timeout: 10_000 });
    publishing(true);
    await screen.findByTestId('publish-form');
    fireEvent.change(screen.getByTestId('picture-input'), { target: { files: [face()] } });
    fireEvent.change(field('Strategy name'), { target: { value: 'With Face' } });
    fireEvent.click(screen.getByTestId('publish-form-submit'));
    expect((await screen.findByTestId('mine-name')).textContent).toBe('With Face');
    await waitFor(() => expect(toastTexts()).toContain('Only JPEG, PNG or WebP images can be uploaded.'));
    expect(toastTexts()).not.toContain(en('follow.published'));
  });

  it('offers only to take down the picture of a closed strategy', async () => {
    signIn();
    replies[routeKey(routes.myStrategy)] = () => ({
      code: 1,
      data: myStrategy({
        strategy: strategy({ id: 12, status: 'closed', avatar: `${routes.strategyAvatar.path}?id=12&v=old` }),
        followers: [],
        fees_earned: '0.000000',
      }),
    });
    replies[routeKey(routes.strategyUpdate)] = () => ({
      code: 1,
      data: strategy({ id: 12, status: 'closed' }),
    });
    show();
    fireEvent.click(await screen.findByTestId('picture-remove'));
    expect(screen.queryByTestId('picture-choose')).toBeNull();
    expect(screen.queryByTestId('picture-input')).toBeNull();
    await waitFor(() => expect(server.calls(routes.strategyUpdate)).toHaveLength(1));
    expect(Object.fromEntries(server.calls(routes.strategyUpdate)[0]?.params ?? [])).toEqual({
      id: '12',
      avatar: '',
    });
  });
});
