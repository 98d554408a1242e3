import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../lib/queries';
import { reloadSessionForTests, startSession } from '../session';
import { Shell } from './shell';

function renderShell(role: 'finance' | 'owner') {
  const me = { id: 3, email: `${role}@meridian.test`, role, idle_minutes: 30 };
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ code: 1, msg: '', data: me }), { status: 200 })),
  );
  startSession('tok', me);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <Routes>
          <Route element={<Shell />}>
            <Route path="dashboard" element={<h1>Dashboard</h1>} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  sessionStorage.clear();
  reloadSessionForTests();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Shell', () => {
  it('shows a finance member only the pages their role may open', async () => {
    renderShell('finance');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Dashboard', 'Deposits', 'Withdrawals', 'Users', 'Approvals', 'Risk']);
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
    expect(screen.getByText('Signed in as finance@meridian.test')).toBeTruthy();
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
  });

  it('shows the owner every page, Staff included', () => {
    renderShell('owner');
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toHaveLength(11);
    expect(screen.getByRole('menuitem', { name: 'Staff' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Audit log' })).toBeTruthy();
  });
});
