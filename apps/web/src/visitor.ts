/**
 * The anonymous visitor: a random id kept in the browser, sent as Basic
 * credentials `<clientId>:<visitorId>` to the few routes a visitor may call
 * (interface 5.2), and merged into the reader on sign-in.
 */
export const VISITOR_STORAGE_KEY = 'service-js:visitor-id';

/**
 * The service's rule for visitor ids (`VISITOR_ID_PATTERN` of the domain's
 * identity module, kept equal by a test): never a `:`, which Basic uses.
 */
export const VISITOR_ID_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

/** The visitor id kept in `store`, made (with `newId`) when there is none or the kept one is malformed. */
export function visitorId(store: KeyValueStore | undefined, newId: () => string): string {
  let kept: string | null = null;
  try {
    kept = store?.getItem(VISITOR_STORAGE_KEY) ?? null;
  } catch {
    // Storage can be refused (private mode, blocked cookies): a visitor id per page load still works.
  }
  if (kept && VISITOR_ID_PATTERN.test(kept)) return kept;
  const made = newId();
  try {
    store?.setItem(VISITOR_STORAGE_KEY, made);
  } catch {
    // See above.
  }
  return made;
}

/** The `Authorization` header value for a visitor of this browser client. */
export function visitorAuthorization(clientId: string, visitor: string): string {
  return `Basic ${btoa(`${clientId}:${visitor}`)}`;
}
