import { defineProject } from 'vitest/config';

export default defineProject({
  // Workspace packages resolve to their TypeScript sources (the `source` export condition), so tests
  // never run against a stale dist/. Node tests run in Vite's SSR environment, which has its own list.
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    // Suites that need a server run only when it is configured (CI's second pass sets both):
    // *.pg.test.ts needs DATABASE_URL, *.redis.test.ts needs REDIS_URL, *.pg.redis.test.ts (scale-out)
    // needs both; *.sqlite.test.ts is about the embedded store alone (copy threads), so the
    // PostgreSQL pass leaves it out. Excluded, not skipped.
    exclude: [
      ...(process.env.DATABASE_URL
        ? ['src/**/*.sqlite.test.ts']
        : ['src/**/*.pg.test.ts', 'src/**/*.pg.redis.test.ts']),
      ...(process.env.REDIS_URL ? [] : ['src/**/*.redis.test.ts']),
    ],
    environment: 'node',
    // Real servers on a real database: a first start on PostgreSQL seeds chart history (a few
    // seconds), and some tests start two nodes. Generous limits; tests never assert on timings.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time even on 2 cores (Vitest would take one): most of a server test is waiting
    // on sockets, timers and the database, not computing. And one module graph per worker, not per
    // file: importing the whole server for each of ~90 files was over half the run (every file
    // builds its own servers and databases; nothing is shared through module state). 400 s → 120 s.
    maxWorkers: 2,
    isolate: false,
    // Vitest runs projects with different worker counts in separate groups: the other projects
    // (one file at a time) first, then these.
    sequence: { groupOrder: 1 },
  },
});
