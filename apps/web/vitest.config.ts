import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';
import { splitEnglish } from './scripts/split-english.ts';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The lazy English texts' module exists in tests too (empty: en.json stays whole outside a build).
  plugins: [splitEnglish(), react()],
  // Workspace packages resolve to their TypeScript sources, never a stale dist/: node-environment
  // tests run in Vite's SSR environment, which has its own list (as in the server's config).
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    // DOM tests opt in per file with `// @vitest-environment happy-dom`.
    environment: 'node',
    setupFiles: ['src/test-setup.ts'],
    // Above test-setup's 10 s for a waited condition, so a slow one fails on its own message.
    testTimeout: 20_000,
    // Two files at a time on 2 cores (Vitest would take one): 85 s → 55 s for the web, admin and unit
    // projects, which share a group and so one worker count (the admin's and unit's configs say 2).
    maxWorkers: 2,
  },
});
