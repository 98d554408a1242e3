import axe from 'axe-core';
import type { Page } from 'playwright-core';

/** One axe-core rule the page breaks, with the elements that break it. */
export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  helpUrl: string;
  nodes: { target: string; html: string; summary: string }[];
}

/** The impacts that fail a test: what WCAG 2.2 AA makes a barrier, not a nicety. */
export const BLOCKING_IMPACTS: ReadonlySet<AxeViolation['impact']> = new Set(['serious', 'critical']);

/**
 * Runs axe-core (every rule it ships except the experimental ones: WCAG 2.0–2.2 A/AA and best
 * practice) on the page as it stands. The engine goes in through the DevTools protocol rather than a
 * `<script>` element: the app's CSP (script-src 'self') rightly refuses inline scripts.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axe.source);
  return page.evaluate(async () => {
    const engine = (window as unknown as { axe: typeof axe }).axe;
    const results = await engine.run(document, { resultTypes: ['violations'] });
    return results.violations.map((v) => ({
      id: v.id,
      impact: v.impact ?? null,
      help: v.help,
      helpUrl: v.helpUrl,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        html: n.html.slice(0, 200),
        summary: n.failureSummary ?? '',
      })),
    }));
  });
}

/** A readable list: one line per rule, then one per element. */
export function describeViolations(violations: readonly AxeViolation[]): string {
  return violations
    .map(
      (v) =>
        `[${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.nodes.length} element(s))\n` +
        v.nodes.map((n) => `    ${n.target}  ${n.html}`).join('\n'),
    )
    .join('\n');
}

/**
 * Fails the test when the screen on show has a serious or critical accessibility violation, or
 * when the page has broken the Content-Security-Policy (recorded by newPhone); the lesser axe
 * findings are only reported by `npm run audit:web`. `screen` names the page in the message.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  const csp = await page.evaluate(
    () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
  );
  if (csp.length > 0) throw new Error(`Content-Security-Policy violations on ${screen}:\n${csp.join('\n')}`);
  const blocking = (await runAxe(page)).filter((v) => BLOCKING_IMPACTS.has(v.impact));
  if (blocking.length > 0) {
    throw new Error(
      `axe-core: ${blocking.length} serious/critical violation(s) on ${screen}:\n${describeViolations(blocking)}`,
    );
  }
}
