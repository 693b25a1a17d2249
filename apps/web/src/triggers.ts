/**
 * Query and hash triggers a link can carry to a page (`?service-login`,
 * `?service-purchase=sku:option`, `#access_token=...`, and `?checkoutId=`
 * of the hosted checkout's way back). Reading them is pure;
 * acting on them is the library's start-up.
 */
export type Trigger =
  | { kind: 'refresh' }
  | { kind: 'login' }
  | { kind: 'user'; value: string }
  | { kind: 'token'; value: string }
  | { kind: 'purchase'; sku: string; purchaseOptionId?: string }
  | { kind: 'access-token'; value: string }
  /** Back from the hosted checkout (its redirect adds `checkoutId`). */
  | { kind: 'checkout-return'; checkoutId: string };

/** The triggers of a page address, in a fixed order (refresh first, so later ones see fresh state). */
export function readTriggers(href: string): Trigger[] {
  const url = new URL(href);
  const triggers: Trigger[] = [];
  const query = url.searchParams;
  if (query.has('service-refresh')) triggers.push({ kind: 'refresh' });
  const user = query.get('service-user');
  if (user) triggers.push({ kind: 'user', value: user });
  const token = query.get('service-token');
  if (token) triggers.push({ kind: 'token', value: token });
  if (query.has('service-login')) triggers.push({ kind: 'login' });
  const purchase = query.get('service-purchase');
  if (purchase) {
    const [sku, purchaseOptionId] = purchase.split(':');
    if (sku) triggers.push(purchaseOptionId ? { kind: 'purchase', sku, purchaseOptionId } : { kind: 'purchase', sku });
  }
  const checkoutId = query.get('checkoutId');
  if (checkoutId) triggers.push({ kind: 'checkout-return', checkoutId });
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  const accessToken = hash.get('access_token');
  if (accessToken) triggers.push({ kind: 'access-token', value: accessToken });
  return triggers;
}

/** The address without its triggers, so a reload does not fire them again. */
export function withoutTriggers(href: string): string {
  const url = new URL(href);
  for (const key of [...url.searchParams.keys()]) if (key.startsWith('service-') || key === 'checkoutId') url.searchParams.delete(key);
  const hash = new URLSearchParams(url.hash.replace(/^#/, ''));
  if (hash.has('access_token')) url.hash = '';
  return url.toString();
}
