import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints the plain closing line CI reads: `tests: N passed, N failed, N skipped`, and above it the
 * files that did not pass with their state, so a run whose worker died names the file it was in.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const unfinished: string[] = [];
    for (const mod of testModules) {
      let failedHere = 0;
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      const state = mod.state();
      // A file that failed outside its tests (an import, a beforeAll: Chromium missing, say) left
      // them skipped; it counts as one failure, or the closing line would read "0 failed".
      if (state === 'failed' && failedHere === 0) failedHere = 1;
      if (state !== 'passed' && state !== 'skipped') unfinished.push(`  ${state}: ${mod.moduleId}`);
      failed += failedHere;
    }
    if (unfinished.length > 0) process.stdout.write(`\nfiles that did not pass:\n${unfinished.join('\n')}\n`);
    process.stdout.write(`\ntests: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
