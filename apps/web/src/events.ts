/** The events the library dispatches on `window` (DESIGN.md 6). */
export const SERVICE_EVENTS = {
  ready: 'serviceJsReady',
  authenticated: 'serviceJsAuthenticated',
  logout: 'serviceJsLogout',
  purchase: 'serviceJsPurchase',
  clearCache: 'serviceJsClearCache',
} as const;

export type ServiceEventName = (typeof SERVICE_EVENTS)[keyof typeof SERVICE_EVENTS];

export function emit(target: EventTarget, name: ServiceEventName, detail?: unknown): void {
  target.dispatchEvent(new CustomEvent(name, { detail }));
}
