import { defineConfig } from 'vitest/config';

// One runner for the whole repo: `npm test` runs every project below.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        resolve: { conditions: ['source'] },
        ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
        test: {
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // As the web's and admin's: one group, one worker count (apps/web/vitest.config.ts).
          maxWorkers: 2,
        },
      },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/admin/vitest.config.ts',
      'e2e/vitest.config.ts',
    ],
  },
});
