import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Page } from 'playwright-core';

/**
 * What every portal browser test checks on a page, in one place.
 * axe-core (the root dev dependency) is evaluated in each page through the
 * debugging protocol: the portal's CSP refuses an added script tag, as it should.
 */
const AXE = readFileSync(join(__dirname, '../../../../node_modules/axe-core/axe.min.js'), 'utf8');

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** No serious or critical axe-core finding, no sideways scrolling, and a screenshot in /tmp to look at. */
export async function audit(page: Page, label: string, width: number) {
  if (!(await page.evaluate('typeof window.axe !== "undefined"'))) await page.evaluate(AXE);
  const found = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)')) as Finding[];
  const serious = found
    .filter((f) => f.impact === 'serious' || f.impact === 'critical')
    .map((f) => `${f.id} (${f.impact}): ${f.help} at ${f.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect([label, width, serious]).toEqual([label, width, []]);
  const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
  expect([label, width, overflow]).toEqual([label, width, 0]);
  await page.screenshot({ path: `/tmp/portal-${label}-${width}.png`, fullPage: true });
}

/** Moves through the navigation as a person does: at a phone's width the menu opens first. */
export async function go(page: Page, name: string, width: number) {
  if (width < 800) {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.locator('nav#nav.open').waitFor();
  }
  await page.getByRole('navigation', { name: 'Portal' }).getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  // Focus moved to the new page's heading.
  await page.locator('#page-title:focus').waitFor();
}
