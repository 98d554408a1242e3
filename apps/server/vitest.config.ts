import { defineProject } from 'vitest/config';

export default defineProject({
  // Workspace packages resolve to their TypeScript sources (the `source` export condition), so tests
  // never run against a stale dist/. Node tests run in Vite's SSR environment, which has its own list.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // The scale-out suites need a Redis server: they run when REDIS_URL is set (CI's second pass).
    exclude: process.env.REDIS_URL ? [] : ['src/**/*.redis.test.ts'],
    environment: 'node',
    pool: 'forks',
  },
});
