import { Browser, BrowserContext, Page } from 'playwright-core';
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

/**
 * A new browser context at `width` px, signed in to the portal of `vendorId` with a password, on the Overview.
 * `problems` collects the page's script errors and console errors once it is signed in.
 */
export async function signInToPortal(
  browser: Browser,
  at: { baseUrl: string; vendorId: string; email: string; password: string; width: number },
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: at.width, height: at.width < 800 ? 844 : 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  let ready = false;
  page.on('console', (m) => ready && m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${at.baseUrl}/portal/?vendor=${at.vendorId}`);
  await page.click('#portal-sign-in');
  await page.locator('#password').waitFor();
  await page.fill('#email', at.email);
  await page.fill('#password', at.password);
  await page.click('#sign-in');
  await page.waitForURL(/\/portal\/$/);
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  ready = true;
  return { context, page, problems };
}
