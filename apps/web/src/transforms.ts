import type { TransformRule } from './config';

/**
 * The vendor's page transforms (script configuration): insert, replace,
 * remove, wrap or fade elements by selector, for the pages, readers and
 * entitlements a rule names. Deciding whether a rule applies is pure; doing
 * it touches the page.
 */
export interface TransformContext {
  path: string;
  signedIn: boolean;
  /** The skus the reader holds an entitlement for. */
  skus: ReadonlySet<string>;
}

/** `*` matches any run of characters; the rest is literal; the whole path must match. */
export function matchesPath(pattern: string, path: string): boolean {
  const source = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}$`).test(path);
}

export function ruleApplies(rule: TransformRule, context: TransformContext): boolean {
  if (rule.pathPattern && !matchesPath(rule.pathPattern, context.path)) return false;
  if (rule.signedIn !== undefined && rule.signedIn !== null && rule.signedIn !== context.signedIn) return false;
  if (rule.entitlement && context.skus.has(rule.entitlement.sku) !== rule.entitlement.has) return false;
  return true;
}

const POSITIONS: Record<string, InsertPosition> = { before: 'beforebegin', after: 'afterend', prepend: 'afterbegin', append: 'beforeend' };

/** Applies the rules that apply, in order; answers how many elements each touched. */
export function applyTransforms(root: Document, rules: readonly TransformRule[], context: TransformContext): number[] {
  return rules.map((rule) => {
    if (!ruleApplies(rule, context)) return 0;
    let elements: HTMLElement[];
    try {
      elements = [...root.querySelectorAll<HTMLElement>(rule.selector)];
    } catch {
      return 0; // a selector this browser does not know
    }
    for (const element of elements) applyOne(root, rule, element);
    return elements.length;
  });
}

function applyOne(root: Document, rule: TransformRule, element: HTMLElement) {
  const html = rule.html ?? '';
  if (rule.action === 'remove') element.remove();
  else if (rule.action === 'insert') element.insertAdjacentHTML(POSITIONS[rule.position ?? 'after'] ?? 'afterend', html);
  else if (rule.action === 'replace') element.outerHTML = html;
  else if (rule.action === 'gradient') {
    // Fades the element's end, the usual sign that more follows behind the paywall.
    element.style.setProperty('-webkit-mask-image', 'linear-gradient(to bottom, #000 40%, transparent)');
    element.style.setProperty('mask-image', 'linear-gradient(to bottom, #000 40%, transparent)');
  } else if (rule.action === 'wrap') {
    const template = root.createElement('template');
    template.innerHTML = html;
    const slot = template.content.querySelector('slot');
    if (!slot) return;
    element.replaceWith(template.content);
    slot.replaceWith(element);
  }
}
