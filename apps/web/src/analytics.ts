/**
 * Analytics into the page's own data layer (`window.dataLayer` or the name
 * configured): page views, scroll depth and active time as events the
 * vendor's analytics tool picks up. Nothing is sent anywhere by Kiosk.
 */
export interface AnalyticsSettings {
  dataLayer?: string;
  pageViews?: boolean;
  scrollDepth?: boolean;
  activeTime?: boolean;
}

export const SCROLL_MARKS = [25, 50, 75, 100] as const;

/** The scroll marks (percent of the page) reached at a scroll position and not reported yet. */
export function newScrollMarks(scrolledTo: number, pageHeight: number, reported: ReadonlySet<number>): number[] {
  const percent = pageHeight <= 0 ? 100 : Math.min(100, Math.round((scrolledTo / pageHeight) * 100));
  return SCROLL_MARKS.filter((mark) => percent >= mark && !reported.has(mark));
}

export function startAnalytics(win: Window, settings: AnalyticsSettings | undefined, vendorId: string) {
  if (!settings || !(settings.pageViews || settings.scrollDepth || settings.activeTime)) return;
  const name = settings.dataLayer || 'dataLayer';
  const host = win as unknown as Record<string, unknown>;
  const layer = (Array.isArray(host[name]) ? host[name] : (host[name] = [])) as unknown[];
  const push = (event: string, detail: Record<string, unknown> = {}) => layer.push({ event, serviceVendorId: vendorId, ...detail });

  if (settings.pageViews) push('service_page_view', { path: win.location.pathname });
  if (settings.scrollDepth) {
    const reported = new Set<number>();
    const onScroll = () => {
      const doc = win.document.documentElement;
      for (const mark of newScrollMarks(win.scrollY + win.innerHeight, doc.scrollHeight, reported)) {
        reported.add(mark);
        push('service_scroll_depth', { percent: mark });
      }
    };
    win.addEventListener('scroll', onScroll, { passive: true });
    onScroll();
  }
  if (settings.activeTime) {
    // Seconds the page was visible, reported when the reader leaves or hides it.
    let visibleSince = win.document.visibilityState === 'visible' ? Date.now() : null;
    let seconds = 0;
    const settle = () => {
      if (visibleSince !== null) seconds += (Date.now() - visibleSince) / 1000;
      visibleSince = null;
    };
    win.document.addEventListener('visibilitychange', () => {
      if (win.document.visibilityState === 'visible') visibleSince = Date.now();
      else {
        settle();
        push('service_active_time', { seconds: Math.round(seconds) });
      }
    });
  }
}
