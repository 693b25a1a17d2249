import { Page } from 'playwright-core';
import { seriousAxeFindings, sidewaysOverflow } from '../support/page-checks';

// What every portal browser test checks on a page, in one place.

/** The boxes content must stay inside: cards, figures, tiles, tables' regions, facts, the main region. */
const BOXES = 'main, .card, .chart, .tiles li, .table-wrap, .facts, .settings-facts, .filters, .search, .top, nav#nav';

/**
 * Boxes whose content is wider than the box (scrollWidth > clientWidth):
 * something cut off or scrolling inside a card. Each as `selector#id.class`.
 */
export async function overflowingBoxes(page: Page): Promise<string[]> {
  // A string, evaluated in the page (the tests are compiled without the DOM's types).
  return (await page.evaluate(`(() => {
    const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + (e.classList.length ? '.' + [...e.classList].join('.') : '');
    return [...document.querySelectorAll(${JSON.stringify(BOXES)})]
      .filter((e) => e.offsetParent !== null && e.scrollWidth > e.clientWidth + 1)
      .map((e) => name(e) + ' (' + e.scrollWidth + ' > ' + e.clientWidth + ') in ' + (e.parentElement ? name(e.parentElement) : 'the page'));
  })()`)) as string[];
}

/** No serious or critical axe-core finding, no sideways scrolling of the page or inside a card, and a screenshot in /tmp to look at. */
export async function audit(page: Page, label: string, width: number) {
  expect([label, width, await seriousAxeFindings(page)]).toEqual([label, width, []]);
  expect([label, width, await sidewaysOverflow(page)]).toEqual([label, width, 0]);
  expect([label, width, await overflowingBoxes(page)]).toEqual([label, width, []]);
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
