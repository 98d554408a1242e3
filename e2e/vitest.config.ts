import { defineConfig } from 'vitest/config';

// End-to-end tests: the built server + built web app, driven in Debian's Chromium at 390×844.
export default defineConfig({
  test: {
    name: 'e2e',
    include: ['**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 90_000,
    // One browser and one server per file; files run one after another to stay within 2 cores.
    fileParallelism: false,
  },
});
