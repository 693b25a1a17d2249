import { parse } from 'node-html-parser';
import { HttpProblem } from '../../platform/http/problem';

/**
 * The part of a page a selector names, as HTML: the outer HTML of every
 * matching element, in document order, one per line; without a selector the
 * whole page. Script elements never leave the proxy.
 */
export function extractHtml(html: string, selector: string | undefined): string {
  const root = parse(html, { comment: false });
  for (const script of root.querySelectorAll('script')) script.remove();
  if (!selector) return root.toString();
  let matches;
  try {
    matches = root.querySelectorAll(selector);
  } catch {
    throw new HttpProblem(400, 'PROXY.BAD_SELECTOR', 'selector is not a CSS selector this proxy understands');
  }
  if (matches.length === 0) throw new HttpProblem(404, 'PROXY.NOTHING_SELECTED', 'nothing on the page matches the selector');
  return matches.map((m) => m.outerHTML).join('\n');
}
