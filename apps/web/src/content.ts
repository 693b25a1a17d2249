import type { ResourceApi } from './api';

/**
 * Protected content on the page: every element marked
 * `data-service-paywall="<content id>"` is asked for through the paywall's
 * access route (entitlement, signed link or leaky allowance decide). The
 * answer is written on the element as `service-access="allowed|blocked"`,
 * and its `[service-premium]` parts are shown or hidden, so the page's own
 * CSS and the `<service-paywall>` component can follow it.
 */
export interface AccessAnswer {
  status: string;
  remaining?: number;
  signedLink?: string | null;
}

export async function protectContent(root: ParentNode, paywallId: string | undefined, paywalls: ResourceApi['paywalls'], pageUrl: string) {
  const elements = [...root.querySelectorAll<HTMLElement>('[data-service-paywall]')];
  const answers: { contentId: string; status: string }[] = [];
  for (const element of elements) {
    const contentId = element.getAttribute('data-service-paywall') ?? '';
    let status = 'blocked';
    let remaining: number | undefined;
    if (paywallId && contentId) {
      try {
        const answer = (await paywalls.access(paywallId, { publisherContentId: contentId, url: pageUrl })) as AccessAnswer;
        status = answer.status;
        remaining = answer.remaining;
      } catch {
        status = 'blocked';
      }
    }
    applyAccess(element, status, remaining);
    answers.push({ contentId, status });
  }
  return answers;
}

export function applyAccess(element: HTMLElement, status: string, remaining?: number) {
  element.setAttribute('service-access', status);
  if (remaining !== undefined) element.setAttribute('service-remaining', String(remaining));
  for (const premium of element.querySelectorAll<HTMLElement>('[service-premium]')) premium.hidden = status !== 'allowed';
  for (const teaser of element.querySelectorAll<HTMLElement>('[service-teaser]')) teaser.hidden = status === 'allowed';
}

/** `service-visibility="logged-in"|"not-logged-in"`: shown only to the named readers. */
export function applyVisibility(root: ParentNode, signedIn: boolean) {
  for (const element of root.querySelectorAll<HTMLElement>('[service-visibility]')) {
    const wanted = element.getAttribute('service-visibility');
    element.hidden = wanted === 'logged-in' ? !signedIn : wanted === 'not-logged-in' ? signedIn : element.hidden;
  }
}
