import { describe, expect, it } from 'vitest';
import type { LighthouseFigures } from './lighthouse.js';
import { medianRun } from './report.js';

function run(performance: number, tbtMs: number): LighthouseFigures {
  return {
    scores: { performance, accessibility: 100, 'best-practices': 100, seo: 100 },
    fcpMs: 1000,
    lcpMs: 2000,
    tbtMs,
    cls: 0,
    speedIndexMs: 1000,
    scriptBytes: 1,
    scriptRequests: 1,
    totalBytes: 1,
    benchmarkIndex: 1500,
    failed: [],
    warnings: [],
  };
}

describe('the median Lighthouse run', () => {
  it('is the run whose performance score is in the middle, whatever the order of the runs', () => {
    const runs = [run(87, 300), run(79, 630), run(83, 450)];
    const measured = medianRun(runs);
    expect(measured.median).toBe(runs[2]);
    expect(measured.performanceRuns).toEqual([87, 79, 83]);
  });

  it('takes the lower middle of an even count, and equal scores in the order they ran', () => {
    expect(medianRun([run(90, 1), run(80, 2), run(95, 3), run(85, 4)]).median).toMatchObject({ tbtMs: 4 });
    expect(medianRun([run(88, 1), run(88, 2), run(88, 3)]).median).toMatchObject({ tbtMs: 2 });
  });

  it('leaves failed runs out, and says why when every run failed', () => {
    expect(medianRun(['NO_FCP', run(91, 7)]).median).toMatchObject({ tbtMs: 7 });
    expect(medianRun(['NO_FCP', 'timed out'])).toEqual({ median: 'timed out', performanceRuns: [] });
  });
});
