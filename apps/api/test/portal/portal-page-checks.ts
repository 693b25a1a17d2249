import { Page } from 'playwright-core';
import { seriousAxeFindings, sidewaysOverflow } from '../support/page-checks';

// What every portal browser test checks on a page, in one place.

/** No serious or critical axe-core finding, no sideways scrolling, and a screenshot in /tmp to look at. */
export async function audit(page: Page, label: string, width: number) {
  expect([label, width, await seriousAxeFindings(page)]).toEqual([label, width, []]);
  expect([label, width, await sidewaysOverflow(page)]).toEqual([label, width, 0]);
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
