import { PageMetadata } from '@kiosk/domain/access';
import { parse } from 'node-html-parser';

const PAGE_CONFIG_MAX = 64 * 1024;

/** The page configuration a page gives the browser library (`<script type="application/json" id="service-js">`), or null. */
function pageConfigOf(root: ReturnType<typeof parse>): Record<string, unknown> | null {
  const element = root.querySelector('script#service-js');
  const text = element?.textContent ?? '';
  if (text.length === 0 || text.length > PAGE_CONFIG_MAX) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null; // a page's broken configuration names nothing
  }
}

/**
 * What a page of the vendor's site says about its content, read as the
 * browser library reads it: the content ids of its `data-service-paywall`
 * elements and its page configuration's `publisherContentId`, and the
 * configuration's `paywallId`.
 */
export function pageMetadataOf(html: string): PageMetadata {
  const root = parse(html, { comment: false });
  const ids = root.querySelectorAll('[data-service-paywall]').map((e) => e.getAttribute('data-service-paywall') ?? '');
  const config = pageConfigOf(root);
  const configured = typeof config?.publisherContentId === 'string' ? [config.publisherContentId] : [];
  const paywallId = typeof config?.paywallId === 'string' && config.paywallId.length <= 128 ? config.paywallId : null;
  return { contentIds: [...ids, ...configured].map((id) => id.trim()).filter((id) => id !== ''), paywallId };
}
