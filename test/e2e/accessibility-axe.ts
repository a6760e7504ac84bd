import { createRequire } from 'node:module';
import fs from 'node:fs';
import type { Page } from 'playwright-core';

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The WCAG 2.1 level A and AA rules (issue 43): the level the platform claims. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Finding { rule: string; impact: string; count: number; targets: string[]; help: string }

/**
 * Runs axe-core in the page (evaluated over the DevTools protocol, so the product's CSP stays on)
 * and returns its serious and critical violations, one entry per rule with the offending elements.
 */
export async function seriousViolations(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async (tags) => {
    const { violations } = await (window as unknown as { axe: { run: (ctx: Document, opts: unknown) => Promise<{ violations: { id: string; impact: string; help: string; nodes: { target: string[]; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } }[] }[] }[] }> } })
      .axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return violations.map((v) => ({ rule: v.id, impact: v.impact, help: v.help, count: v.nodes.length, targets: v.nodes.map((n) => {
      // For a contrast finding, the colours axe measured: what to change is then plain.
      const c = n.any.find((a) => a.data?.contrastRatio)?.data;
      return n.target.join(' ') + (c ? ` (${c.fgColor} on ${c.bgColor}: ${c.contrastRatio}:1)` : '');
    }) }));
  }, WCAG_21_AA);
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

/** A readable list of findings for the failure message and the log. */
export function describeFindings(screen: string, findings: Finding[]): string {
  if (!findings.length) return `${screen}: no serious or critical violations`;
  return [`${screen}: ${findings.map((f) => `${f.rule} ×${f.count}`).join(', ')}`,
    ...findings.map((f) => `  ${f.rule} (${f.impact}) ${f.help}\n${f.targets.slice(0, 40).map((t) => `    ${t}`).join('\n')}`)].join('\n');
}
