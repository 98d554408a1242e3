import { defineConfig } from 'vitest/config';

// End-to-end tests: the built server + built web app, driven in Debian's Chromium at 390×844.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    // A scenario test waits on the live market (a price that moves, a take-profit that is reached)
    // with 60 s per step; the trading scenario took 30-53 s in loaded full runs. A test's budget
    // must exceed its steps' waits, so a hang fails on its step with a message, not on the budget.
    testTimeout: 180_000,
    // expect.poll's default (1 s) is shorter than a live list's background render on a loaded
    // machine; a poll that never comes true still fails, at 30 s, with its message.
    expect: { poll: { timeout: 30_000 } },
    hookTimeout: 90_000,
    // One browser and one server per file; files run one after another. Two at a time took the
    // files from 240 s to 165 s here, but the back office's test failed in 2 of 8 such runs: under
    // that load one of its dialogs stayed on screen (docs/decisions.md, session 18).
    fileParallelism: false,
    // Vitest runs projects with different worker counts in groups of their own: these after the
    // server's (apps/server/vitest.config.ts), last.
    sequence: { groupOrder: 2 },
  },
});
