import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** What a violation's node says, reduced to what helps fix it. */
export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

interface RawResult {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page and returns its serious and critical violations. The source goes in
 * through the DevTools protocol (page.evaluate): the app's CSP refuses inline script tags.
 */
export async function seriousViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (context) => {
    const { axe } = window as unknown as {
      axe: { run: (context: unknown) => Promise<{ violations: unknown[] }> };
    };
    const results = await axe.run(context ? { include: [context] } : document);
    return results.violations as RawResult[];
  }, include ?? null);
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => ({
        target: n.target.map(String).join(' '),
        summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
      })),
    }));
}

/** One line per failing element, so a failed assertion reads as a to-do list. */
export function describeFindings(label: string, findings: readonly AxeFinding[]): string {
  if (findings.length === 0) return `${label}: no serious or critical violations`;
  const lines = findings.flatMap((f) => [
    `${label}: [${f.impact}] ${f.rule}: ${f.help}`,
    ...f.nodes.map((n) => `    ${n.target} — ${n.summary}`),
  ]);
  return lines.join('\n');
}
