import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Page } from 'playwright-core';

/**
 * Checks every browser test makes of a page the service serves. axe-core
 * (the root dev dependency) is evaluated in the page through the debugging
 * protocol, so a page's CSP, which refuses an added script tag, does not stop it.
 */
const AXE = readFileSync(join(__dirname, '../../../../node_modules/axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical findings on the page, one line each (what, how bad, where). */
export async function seriousAxeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE);
  const found = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)')) as Finding[];
  return found
    .filter((f) => f.impact === 'serious' || f.impact === 'critical')
    .map((f) => `${f.id} (${f.impact}): ${f.help} at ${f.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** How many pixels the page scrolls sideways (0 when it fits the viewport's width). */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return (await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth')) as number;
}
