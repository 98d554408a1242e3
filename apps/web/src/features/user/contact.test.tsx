// @vitest-environment happy-dom
import { routes } from '@meridian/contract';
import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeServer, routeKey, type Seen } from '../auth/test-server';
import { safeEmail } from './contact';

const server = createFakeServer();

type Mods = {
  Providers: typeof import('../../lib/providers').Providers;
  queryClient: typeof import('../../lib/services').queryClient;
  useSettings: typeof import('../../lib/stores/settings').useSettings;
  EmailScreen: typeof import('./EmailScreen').EmailScreen;
  ChatScreen: typeof import('./ChatScreen').ChatScreen;
};
let m: Mods;

beforeAll(async () => {
  vi.stubGlobal('fetch', server.fetch);
  await import('../../lib/react19-render');
  const { initI18n } = await import('../../i18n');
  await initI18n('en');
  const [{ Providers }, { queryClient }, { useSettings }, { EmailScreen }, { ChatScreen }] =
    await Promise.all([
      import('../../lib/providers'),
      import('../../lib/services'),
      import('../../lib/stores/settings'),
      import('./EmailScreen'),
      import('./ChatScreen'),
    ]);
  m = { Providers, queryClient, useSettings, EmailScreen, ChatScreen };
});

/** The public settings the server has: contact_email and kefu_link. */
function settings(values: Record<string, string>) {
  server.routes[routeKey(routes.publicSetting)] = (seen: Seen) => {
    const key = seen.params.get('key') ?? '';
    return { code: 1, data: { key, value: values[key] ?? '' } };
  };
}

beforeEach(() => {
  server.reset();
  m.queryClient.clear();
  m.useSettings.getState().setBasicInfo({ service_link: '', service_link_type: 1 });
});
afterEach(() => {
  cleanup();
});
afterAll(() => {
  vi.unstubAllGlobals();
});

function show(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/mine/email', element: <m.EmailScreen /> },
      { path: '/mine/chat', element: <m.ChatScreen /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <m.Providers>
      <RouterProvider router={router} />
    </m.Providers>,
  );
}

describe('reaching support', () => {
  it('/mine/email shows the contact_email setting as a mailto link', async () => {
    settings({ contact_email: 'help@broker.example' });
    show('/mine/email');
    const link = await screen.findByRole('link', { name: 'help@broker.example' });
    expect(link.getAttribute('href')).toBe('mailto:help@broker.example');
  });

  it('says so, without a broken link, when the setting is empty', async () => {
    settings({ contact_email: '' });
    show('/mine/email');
    expect((await screen.findByTestId('contact-email-missing')).textContent).toBe(
      'No contact address is set up yet. Please use the online chat.',
    );
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('the chat falls back to the contact e-mail when no support link is configured', async () => {
    settings({ kefu_link: '', contact_email: 'help@broker.example' });
    show('/mine/chat');
    const link = await screen.findByTestId('chat-contact-email');
    expect(link.getAttribute('href')).toBe('mailto:help@broker.example');
    expect(screen.getByTestId('chat-unavailable').textContent).toBe(
      'Online chat is not available right now. You can write to us instead:',
    );
  });

  it('the chat offers the support link when there is one, and asks for no e-mail', async () => {
    // Opened in its own window (service_link_type 2): happy-dom loads no frames.
    m.useSettings.getState().setBasicInfo({ service_link_type: 2 });
    settings({ kefu_link: 'https://support.example/chat', contact_email: 'help@broker.example' });
    show('/mine/chat');
    await screen.findByRole('button', { name: 'Open chat' });
    expect(screen.queryByTestId('chat-contact-email')).toBeNull();
    expect(server.seen.filter((s) => s.params.get('key') === 'contact_email')).toEqual([]);
  });

  it('only something shaped like an address becomes a mailto link', () => {
    expect(safeEmail(' support@localhost ')).toBe('support@localhost');
    expect(safeEmail('help@broker.example')).toBe('help@broker.example');
    expect(safeEmail('')).toBeNull();
    expect(safeEmail('not an address')).toBeNull();
    expect(safeEmail('a@b.example?bcc=x@y.example')).toBeNull();
    expect(safeEmail('a@b.example?subject=hello')).toBeNull();
    expect(safeEmail('"x"@y.example')).toBeNull();
    expect(safeEmail('a@b.example>')).toBeNull();
  });
});
