import type { ContentSelectors } from './config';

/**
 * Content detection: the vendor's content selectors (script configuration
 * `contentSelectors`) find the articles of a page and read their fields.
 * Selectors are scoped to each article; a selector that is not valid CSS
 * finds nothing rather than failing the page. Pure over a small DOM
 * surface, so it is tested without a browser.
 */
export interface DetectedArticle {
  /** The publisher's content id: the `id` selector's element, else `data-service-paywall`, else the element id. */
  id: string | null;
  title: string | null;
  /** The image's address (`src`, `content` of a meta tag, or `href`). */
  image: string | null;
  excerpt: string | null;
  /** The price text as written, and its number when one can be read. */
  price: string | null;
  priceAmount: number | null;
  /** A pass (sku) the article belongs to. */
  pass: string | null;
  element: Element;
}

/** What detection needs of a node: the standard DOM methods, nothing else. */
type Scope = Pick<ParentNode, 'querySelectorAll' | 'querySelector'>;

export const DEFAULT_ARTICLE_SELECTOR = 'article, [data-service-paywall]';

function all(scope: Scope, selector: string | undefined): Element[] {
  if (!selector) return [];
  try {
    return [...scope.querySelectorAll(selector)];
  } catch {
    return [];
  }
}

function first(scope: Scope, selector: string | undefined): Element | null {
  if (!selector) return null;
  try {
    return scope.querySelector(selector);
  } catch {
    return null;
  }
}

const clean = (text: string | null | undefined) => {
  const value = (text ?? '').replace(/\s+/g, ' ').trim();
  return value === '' ? null : value;
};

/** A field's value: a meta tag's `content`, a `data-value`, else the element's text. */
function valueOf(element: Element | null): string | null {
  if (!element) return null;
  return clean(element.getAttribute('content') ?? element.getAttribute('data-value') ?? element.textContent);
}

function imageOf(element: Element | null): string | null {
  if (!element) return null;
  return clean(element.getAttribute('src') ?? element.getAttribute('content') ?? element.getAttribute('href') ?? element.querySelector('img')?.getAttribute('src'));
}

/** `"49,00 kr"`, `"$4.99"`, `"1 188 SEK"`: the number in a price text, or null. */
export function parsePrice(text: string | null): number | null {
  if (!text) return null;
  const match = /\d[\d\s\u00a0]*(?:[.,]\d{1,2})?(?!\d)/.exec(text);
  if (!match) return null;
  const amount = Number(match[0].replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(amount) ? amount : null;
}

export function detectArticles(root: Scope, selectors: ContentSelectors = {}): DetectedArticle[] {
  const articles = all(root, selectors.article || DEFAULT_ARTICLE_SELECTOR);
  // An article inside another found article is part of it (a paywalled body inside <article>).
  const outer = articles.filter((a) => !articles.some((other) => other !== a && other.contains(a)));
  return outer.map((element) => {
    const idElement = first(element, selectors.id);
    const id =
      valueOf(idElement) ??
      clean(element.getAttribute('data-service-paywall')) ??
      clean(first(element, '[data-service-paywall]')?.getAttribute('data-service-paywall')) ??
      clean(element.getAttribute('id'));
    const price = valueOf(first(element, selectors.price));
    return {
      id,
      title: valueOf(first(element, selectors.title || 'h1, h2')),
      image: imageOf(first(element, selectors.image)),
      excerpt: valueOf(first(element, selectors.excerpt)),
      price,
      priceAmount: parsePrice(price),
      pass: valueOf(first(element, selectors.pass)),
      element,
    };
  });
}
