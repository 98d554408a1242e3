import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/queries';
import { getSession, reloadSessionForTests } from '../session';
import { groupSecret, LoginPage } from './login';

const me = { id: 9, email: 'new@meridian.test', role: 'support', idle_minutes: 30 };

/** Answers each POST with the next envelope, and records the bodies. */
function answers(...envelopes: unknown[]) {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(envelopes.shift()), { status: 200 });
    }),
  );
  return bodies;
}

function renderLogin() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/dashboard" element={<h1>Dashboard page</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const type = (labelText: string, value: string) =>
  fireEvent.change(screen.getByLabelText(labelText), { target: { value } });

beforeEach(() => {
  sessionStorage.clear();
  reloadSessionForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('LoginPage', () => {
  it('asks for the authenticator code when the answer says so, then signs in', async () => {
    const bodies = answers(
      { code: 1, msg: '', data: { stage: 'code' } },
      { code: 1, msg: '', data: { stage: 'ok', token: 'tok-ok', staff: me } },
    );
    renderLogin();
    type('Email', 'new@meridian.test');
    type('Password', 'secret-1');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByLabelText('Authenticator code');
    type('Authenticator code', '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByText('Dashboard page');
    expect(bodies).toEqual([
      { email: 'new@meridian.test', password: 'secret-1' },
      { email: 'new@meridian.test', password: 'secret-1', code: '123456' },
    ]);
    expect(getSession()?.token).toBe('tok-ok');
  });

  it('enrols on first sign-in: shows the secret, checks the repeated password, sends staffSetup', async () => {
    const bodies = answers(
      {
        code: 1,
        msg: '',
        data: {
          stage: 'setup',
          token: 'setup-tok',
          setup: {
            secret: 'JBSWY3DPEHPK3PXP',
            otpauth_url: 'otpauth://totp/Meridian:new?secret=JBSWY3DPEHPK3PXP',
          },
        },
      },
      { code: 1, msg: '', data: { token: 'tok-new', staff: me } },
    );
    renderLogin();
    type('Email', 'new@meridian.test');
    type('Password', 'one-time');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByLabelText('New password');
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeTruthy();

    type('New password', 'Better-pass-9');
    type('Repeat password', 'Different-9');
    type('Authenticator code', '654321');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('The passwords do not match.');
    expect(bodies).toHaveLength(1);

    type('Repeat password', 'Better-pass-9');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByText('Dashboard page');
    expect(bodies[1]).toEqual({ setup_token: 'setup-tok', password: 'Better-pass-9', code: '654321' });
    await waitFor(() => expect(getSession()?.token).toBe('tok-new'));
  });

  it('groups the secret in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPAB')).toBe('JBSW Y3DP EHPK 3PXP AB');
  });
});
