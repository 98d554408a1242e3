import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import lighthouse, { type Flags, type Result } from 'lighthouse';

export interface LighthouseFigures {
  /** Category id → score 0–100 (null when Lighthouse could not score it). */
  scores: Record<string, number | null>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  speedIndexMs: number;
  /** JavaScript as transferred (compressed) during the load. */
  scriptBytes: number;
  scriptRequests: number;
  totalBytes: number;
  /** Lighthouse's measure of this machine's CPU speed; below ~1000 the simulated figures suffer. */
  benchmarkIndex: number;
  /** Scored audits that did not pass, outside performance (whose opportunities are in the report). */
  failed: { category: string; id: string; title: string }[];
  warnings: string[];
}

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

function numeric(lhr: Result, audit: string): number {
  return lhr.audits[audit]?.numericValue ?? Number.NaN;
}

interface SummaryRow {
  resourceType: string;
  requestCount: number;
  transferSize: number;
}

function summaryRow(lhr: Result, type: string): SummaryRow | undefined {
  const details = lhr.audits['resource-summary']?.details;
  if (details?.type !== 'table') return undefined;
  return (details.items as unknown as SummaryRow[]).find((row) => row.resourceType === type);
}

/**
 * One Lighthouse 12 run of `url` in the Chromium on `port`: its default (mobile) settings, i.e. a
 * Moto G Power–sized screen, 4× CPU slow-down and a slow-4G link, simulated (Lantern) rather than
 * applied, so the figures do not depend on this machine's own network. `keepStorage` keeps the
 * profile's local storage (the demo account's session) instead of clearing it first; `saveJson`,
 * when given, is where the full report (Lighthouse's JSON) is written, with the trace beside it.
 */
export async function runLighthouse(
  url: string,
  port: number,
  keepStorage: boolean,
  saveJson?: string,
): Promise<LighthouseFigures> {
  const flags: Flags = {
    port,
    hostname: '127.0.0.1',
    output: 'json',
    logLevel: 'error',
    formFactor: 'mobile',
    throttlingMethod: 'simulate',
    onlyCategories: [...CATEGORIES],
    disableStorageReset: keepStorage,
  };
  const result = await lighthouse(url, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
  if (saveJson) {
    await mkdir(dirname(saveJson), { recursive: true });
    await writeFile(saveJson, JSON.stringify(lhr));
    // The page load's trace beside it, for the main thread's work task by task (DevTools opens it).
    const trace = result.artifacts.Trace;
    if (trace) await writeFile(saveJson.replace(/\.json$/, '.trace.json'), JSON.stringify(trace));
  }
  const scores: Record<string, number | null> = {};
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    scores[id] = typeof score === 'number' ? Math.round(score * 100) : null;
  }
  const failed: LighthouseFigures['failed'] = [];
  for (const id of CATEGORIES) {
    if (id === 'performance') continue;
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && typeof audit.score === 'number' && audit.score < 1) {
        failed.push({ category: id, id: ref.id, title: audit.title });
      }
    }
  }
  const scripts = summaryRow(lhr, 'script');
  return {
    scores,
    fcpMs: numeric(lhr, 'first-contentful-paint'),
    lcpMs: numeric(lhr, 'largest-contentful-paint'),
    tbtMs: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    speedIndexMs: numeric(lhr, 'speed-index'),
    scriptBytes: scripts?.transferSize ?? 0,
    scriptRequests: scripts?.requestCount ?? 0,
    totalBytes: summaryRow(lhr, 'total')?.transferSize ?? 0,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failed,
    warnings: lhr.runWarnings,
  };
}
