import type { CapsuleOutcome } from './capsule';

/**
 * `content.unlock(contentId)`: replaces the locked part of a protected
 * article by the real content, from one of three sources:
 *
 * - `capsule`: the page carries an encrypted manifest (`script.dca-manifest`)
 *   for the article; it is opened in the browser after the unlock route
 *   (the reader's entitlement, or the signed link's token, grants the keys);
 * - `signed-link`: the access answer's signed link is a page of the
 *   publisher's own site (same origin as this page) that serves the whole
 *   article to its `service_token`;
 * - `proxy`: the service's `/proxy` route fetches the part from the vendor's
 *   site for an entitled, signed-in reader.
 *
 * The locked part is the `[service-premium]` element of the article
 * (`[data-service-paywall="<id>"]`), else its `[data-service-capsule]`
 * elements. Fetched HTML is the publisher's own page: scripts and inline
 * event handlers are dropped before it is placed.
 */
export type UnlockSource = 'capsule' | 'signed-link' | 'proxy';

export interface UnlockResult {
  contentId: string;
  unlocked: boolean;
  source: UnlockSource | null;
  /** Why nothing was unlocked. */
  reason?: string;
}

export interface UnlockSituation {
  hasManifest: boolean;
  signedLink: string | null | undefined;
  pageOrigin: string;
  signedIn: boolean;
}

/** Same-origin http(s) signed links only: another site's page is not fetched with this page's cookies. */
export function usableSignedLink(link: string | null | undefined, pageOrigin: string): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === pageOrigin ? url.href : null;
  } catch {
    return null;
  }
}

/** The sources to try, in order: the manifest in the page, then a signed link, then the proxy (signed-in readers). */
export function unlockSources(situation: UnlockSituation, wanted?: UnlockSource): UnlockSource[] {
  const sources: UnlockSource[] = [];
  if (situation.hasManifest) sources.push('capsule');
  if (usableSignedLink(situation.signedLink, situation.pageOrigin)) sources.push('signed-link');
  if (situation.signedIn) sources.push('proxy');
  return wanted ? sources.filter((s) => s === wanted) : sources;
}

/** The token a signed link carries (`service_token`), which the capsule unlock also honours. */
export function serviceTokenOf(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    return new URL(link).searchParams.get('service_token');
  } catch {
    return null;
  }
}

/** The selector of the article's locked part, as it is written in the page (and in the page a signed link or the proxy fetches). */
export function lockedSelector(contentId: string): string {
  const id = `[data-service-paywall="${contentId.replace(/["\\]/g, '\\$&')}"]`;
  return `${id} [service-premium]`;
}

/** Publisher HTML without what would run: scripts, inline handlers, `javascript:` addresses. */
export function inertFragment(document: Document, html: string, selector: string | null): DocumentFragment | null {
  const parsed = new DOMParser().parseFromString(html, 'text/html');
  let source: Element | null = parsed.body;
  if (selector) {
    try {
      source = parsed.querySelector(selector);
    } catch {
      source = null;
    }
  }
  if (!source) return null;
  for (const dead of source.querySelectorAll('script, iframe, object, embed')) dead.remove();
  for (const el of source.querySelectorAll('*')) {
    for (const attribute of [...el.attributes]) {
      if (/^on/i.test(attribute.name) || /^\s*javascript:/i.test(attribute.value)) el.removeAttribute(attribute.name);
    }
  }
  const fragment = document.createDocumentFragment();
  for (const child of [...source.childNodes]) fragment.append(document.importNode(child, true));
  return fragment;
}

export interface UnlockDeps {
  document: Document;
  pageUrl: string;
  signedIn: () => Promise<boolean>;
  /** The access answer for the content (a read is recorded as the paywall says). */
  access: (contentId: string) => Promise<{ status: string; signedLink?: string | null }>;
  capsules: (shareToken: string | null) => Promise<CapsuleOutcome[]>;
  proxy: (url: string, selector: string) => Promise<string>;
  fetch: typeof fetch;
}

export async function unlockContent(contentId: string, deps: UnlockDeps, wanted?: UnlockSource): Promise<UnlockResult> {
  const { document } = deps;
  const page = new URL(deps.pageUrl);
  const hasManifest = document.querySelector('script.dca-manifest') !== null;
  const answer = await deps.access(contentId).catch(() => ({ status: 'blocked', signedLink: null }));
  const situation: UnlockSituation = { hasManifest, signedLink: answer.signedLink, pageOrigin: page.origin, signedIn: await deps.signedIn().catch(() => false) };
  const sources = unlockSources(situation, wanted);
  const target = () => {
    try {
      return document.querySelector<HTMLElement>(lockedSelector(contentId));
    } catch {
      return null;
    }
  };
  const place = (fragment: DocumentFragment) => {
    const locked = target();
    if (!locked) return false;
    locked.replaceChildren(fragment);
    locked.hidden = false;
    locked.setAttribute('service-unlocked', '');
    return true;
  };
  let reason = sources.length === 0 ? 'no source can unlock this content' : 'no source unlocked the content';
  for (const source of sources) {
    try {
      if (source === 'capsule') {
        const outcomes = await deps.capsules(serviceTokenOf(answer.signedLink));
        if (outcomes.some((o) => o.opened)) return { contentId, unlocked: true, source };
        reason = outcomes.find((o) => o.reason)?.reason ?? reason;
      } else if (source === 'signed-link') {
        const link = usableSignedLink(answer.signedLink, page.origin)!;
        const res = await deps.fetch(link, { credentials: 'same-origin', headers: { accept: 'text/html' } });
        const fragment = res.ok ? inertFragment(document, await res.text(), lockedSelector(contentId)) : null;
        if (fragment && place(fragment)) return { contentId, unlocked: true, source };
      } else {
        const url = new URL(page.href);
        url.hash = '';
        const html = await deps.proxy(url.href, lockedSelector(contentId));
        // The proxy answers the selected element itself (its outer HTML): its content goes in.
        const fragment = inertFragment(document, html, '[service-premium]');
        if (fragment && place(fragment)) return { contentId, unlocked: true, source };
      }
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  return { contentId, unlocked: false, source: null, reason };
}
