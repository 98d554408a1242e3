import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

export default defineProject({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  // Workspace packages resolve to their TypeScript sources, never a stale dist/ (as in apps/web). No
  // `ssr.resolve.conditions` here, unlike apps/web: Vitest passes those to Node as `--conditions` for
  // every externalized package, and antd's scroll-into-view-if-needed publishes a `source` condition
  // of its own (TypeScript Node cannot run). The DOM environment resolves through `resolve` anyway.
  resolve: { conditions: ['source'] },
  test: {
    name: 'admin',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    setupFiles: ['src/test-setup.ts'],
    // As the web's and unit's: projects in one group share a worker count (apps/web/vitest.config.ts).
    maxWorkers: 2,
  },
});
