import { type AxeViolation, BLOCKING_IMPACTS } from '../../e2e/axe.js';
import type { LighthouseFigures } from './lighthouse.js';

export interface PageFigures {
  path: string;
  demo: boolean;
  /** The figures (the median run's, with --runs), or why Lighthouse could not produce them. */
  lighthouse: LighthouseFigures | string | undefined;
  /** Each run's performance score, when the page was measured more than once. */
  performanceRuns?: number[];
  axe: AxeViolation[];
}

/** The targets of issue 12 ("Phone-grade front end"). */
export const TARGETS = {
  /** Lighthouse performance, on `/` and `/#/trade` only. */
  performance: 90,
  accessibility: 98,
  bestPractices: 95,
  seo: 95,
  cls: 0.05,
  /** Compressed JavaScript transferred while `/` loads. */
  homeScriptBytes: 150 * 1024,
} as const;

/** A page's Lighthouse runs: the median one (by performance score), each run's score, or why none ran. */
export interface MeasuredPage {
  median: LighthouseFigures | string;
  performanceRuns: number[];
}

/**
 * The run whose performance score is the median of the runs (the lower middle of an even count),
 * equal scores kept in the order they ran; failures are left out, and when every run failed, the last reason.
 */
export function medianRun(runs: readonly (LighthouseFigures | string)[]): MeasuredPage {
  const scored = runs.filter((r): r is LighthouseFigures => typeof r !== 'string');
  const performanceRuns = scored.map((r) => r.scores.performance ?? 0);
  if (scored.length === 0) return { median: runs[runs.length - 1] ?? 'no run', performanceRuns };
  const order = scored
    .map((_, i) => i)
    .sort((a, b) => (performanceRuns[a] ?? 0) - (performanceRuns[b] ?? 0) || a - b);
  const middle = order[Math.floor((order.length - 1) / 2)] ?? 0;
  return { median: scored[middle] as LighthouseFigures, performanceRuns };
}

/** Elements listed per axe rule: the first few locate the fault; a hundred price cells do not help more. */
const NODES_SHOWN = 8;

const PERFORMANCE_PAGES = new Set(['/', '/#/trade']);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

/** The targets this page misses, as readable lines (empty when it meets them all). */
export function missedTargets(page: PageFigures): string[] {
  const missed: string[] = [];
  const lh = page.lighthouse;
  if (lh && typeof lh !== 'string') {
    const below = (category: string, target: number) => {
      const score = lh.scores[category];
      if (score === null || score === undefined || score < target)
        missed.push(`${category} ${score} < ${target}`);
    };
    if (PERFORMANCE_PAGES.has(page.path)) below('performance', TARGETS.performance);
    below('accessibility', TARGETS.accessibility);
    below('best-practices', TARGETS.bestPractices);
    below('seo', TARGETS.seo);
    if (!(lh.cls <= TARGETS.cls)) missed.push(`CLS ${lh.cls.toFixed(3)} > ${TARGETS.cls}`);
    if (page.path === '/' && lh.scriptBytes > TARGETS.homeScriptBytes) {
      missed.push(`JavaScript ${kb(lh.scriptBytes)} > ${kb(TARGETS.homeScriptBytes)}`);
    }
  } else {
    missed.push('no Lighthouse result');
  }
  const blocking = page.axe.filter((v) => BLOCKING_IMPACTS.has(v.impact));
  if (blocking.length > 0) missed.push(`${blocking.length} serious/critical axe violation(s)`);
  return missed;
}

function line(text = ''): void {
  process.stdout.write(`${text}\n`);
}

/** Prints every figure and every axe violation; true when every target is met. */
export function printReport(pages: readonly PageFigures[], load: number): boolean {
  let allMet = true;
  line();
  line('== Lighthouse 12 (mobile, simulated throttling) and axe-core ==');
  for (const page of pages) {
    const lh = page.lighthouse;
    line();
    line(`${page.path}${page.demo ? '  (demo account)' : ''}`);
    if (typeof lh === 'string') line(`  lighthouse   FAILED: ${lh}`);
    if (lh && typeof lh !== 'string') {
      line(
        `  scores       ${Object.entries(lh.scores)
          .map(([k, v]) => `${k} ${v ?? '–'}`)
          .join(' · ')}`,
      );
      line(
        `  metrics      FCP ${ms(lh.fcpMs)} · LCP ${ms(lh.lcpMs)} · TBT ${ms(lh.tbtMs)} · ` +
          `CLS ${lh.cls.toFixed(3)} · Speed Index ${ms(lh.speedIndexMs)}`,
      );
      line(
        `  transferred  JavaScript ${kb(lh.scriptBytes)} in ${lh.scriptRequests} files · ` +
          `everything ${kb(lh.totalBytes)}`,
      );
      line(`  CPU          benchmark index ${Math.round(lh.benchmarkIndex)}`);
      const runs = page.performanceRuns ?? [];
      if (runs.length > 1) line(`  runs         performance ${runs.join(' · ')} (the median run is shown)`);
      for (const f of lh.failed) line(`  not passed   [${f.category}] ${f.id}: ${f.title}`);
      for (const w of lh.warnings) line(`  warning      ${w}`);
    }
    if (page.axe.length === 0) line('  axe-core     no violations');
    for (const v of page.axe) {
      line(`  axe-core     [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.nodes.length})`);
      for (const n of v.nodes.slice(0, NODES_SHOWN)) line(`                 ${n.target}`);
      if (v.nodes.length > NODES_SHOWN) line(`                 … and ${v.nodes.length - NODES_SHOWN} more`);
    }
    const missed = missedTargets(page);
    if (missed.length > 0) allMet = false;
    line(`  targets      ${missed.length === 0 ? 'all met' : `MISSED: ${missed.join('; ')}`}`);
  }
  line();
  line(`load average at the end: ${load.toFixed(2)} (2 cores; above ~1 the performance figures read low)`);
  line(allMet ? 'audit: every target met' : 'audit: some targets missed (see above)');
  return allMet;
}
