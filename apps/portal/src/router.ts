import { useEffect, useState } from 'preact/hooks';

/** The portal's client routes live under /portal; the service answers the same page for each. */
export const BASE = '/portal';

const listeners = new Set<() => void>();

export function navigate(to: string, replace = false): void {
  const url = to.startsWith(BASE) ? to : `${BASE}${to}`;
  if (replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  listeners.forEach((listener) => listener());
}

addEventListener('popstate', () => listeners.forEach((listener) => listener()));

/** The path inside the portal (`/products`, `/contracts/<id>`) and its query. */
export function useLocation(): { path: string; search: URLSearchParams } {
  const read = () => ({ path: location.pathname.slice(BASE.length).replace(/\/$/, '') || '/', search: new URLSearchParams(location.search) });
  const [where, setWhere] = useState(read);
  useEffect(() => {
    const update = () => setWhere(read());
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  return where;
}

/** A link that moves inside the portal without reloading the page. */
export function onLinkClick(event: MouseEvent): void {
  const anchor = (event.target as Element).closest('a');
  if (!anchor || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const href = anchor.getAttribute('href');
  if (!href || !href.startsWith(`${BASE}/`) || anchor.target || href.startsWith(`${BASE}/sign-in`) || href.startsWith(`${BASE}/assets`)) return;
  event.preventDefault();
  navigate(href);
}
