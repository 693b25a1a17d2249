import { isComplete, mergeConfig, parsePageConfig, ServiceConfig } from './config';
import { emit, SERVICE_EVENTS } from './events';
import { startService, StartedService } from './service';

declare const __SERVICE_VERSION__: string;

/**
 * `window.service`: start-up from the bundle's configuration (the script
 * host puts the vendor's settings in `window.__kioskBundleConfig`) merged
 * with the page's `#service-js` JSON, or from `service.init(config)` when
 * neither is there. `serviceJsReady` fires once.
 */
interface Host extends Window {
  __kioskBundleConfig?: Partial<ServiceConfig>;
  service?: unknown;
}

const host = window as Host;
let started: StartedService | undefined;
let starting: Promise<StartedService> | undefined;

function start(config: Partial<ServiceConfig>): Promise<StartedService> {
  if (starting) return starting;
  if (!isComplete(config)) return Promise.reject(new Error('service-js: the configuration needs vendorId and apiUrl'));
  starting = startService(config, {
    window,
    document,
    location: { get href() { return window.location.href; }, assign: (url) => window.location.assign(url) },
    history: window.history,
    storage: safeStorage(),
    randomId: () => crypto.randomUUID().replace(/-/g, ''),
  }).then((service) => {
    started = service;
    Object.assign(api, service);
    // A hook for the page's CSS (and tests): the library has started.
    document.documentElement.setAttribute('data-service-ready', '');
    emit(window, SERVICE_EVENTS.ready, { version: __SERVICE_VERSION__ });
    return service;
  });
  starting.catch((error: unknown) => console.error('service-js: start-up failed', error));
  return starting;
}

function safeStorage() {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

const api: Record<string, unknown> = {
  init: (config: Partial<ServiceConfig>) => start(mergeConfig(host.__kioskBundleConfig, config as Record<string, unknown>)),
  isReady: () => started !== undefined,
  getVersion: () => __SERVICE_VERSION__,
};
host.service = api;

const page = parsePageConfig(document.getElementById('service-js')?.textContent, (message) => console.warn(message));
const initial = mergeConfig(host.__kioskBundleConfig, page);
if (isComplete(initial)) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start(initial).catch(() => undefined), { once: true });
  else void start(initial).catch(() => undefined);
}
