import { InvalidScriptSettings } from './errors';

/**
 * What a vendor configures of the browser library (the bundle embeds it):
 * where content sits on their pages, which browser client signs readers in,
 * which paywall meters reads, page transforms, analytics and plugins.
 */
export const CONTENT_SELECTOR_KEYS = ['article', 'title', 'image', 'excerpt', 'price', 'id', 'pass'] as const;
export type ContentSelectorKey = (typeof CONTENT_SELECTOR_KEYS)[number];

export const TRANSFORM_ACTIONS = ['insert', 'replace', 'remove', 'wrap', 'gradient'] as const;
export const TRANSFORM_POSITIONS = ['before', 'after', 'prepend', 'append'] as const;

export interface TransformRule {
  action: (typeof TRANSFORM_ACTIONS)[number];
  selector: string;
  html: string | null;
  position: (typeof TRANSFORM_POSITIONS)[number] | null;
  pathPattern: string | null;
  entitlement: { sku: string; has: boolean } | null;
  signedIn: boolean | null;
}

export interface ScriptSettings {
  clientId: string | null;
  paywallId: string | null;
  contentSelectors: Partial<Record<ContentSelectorKey, string>>;
  transforms: TransformRule[];
  analytics: { dataLayer: string; pageViews: boolean; scrollDepth: boolean; activeTime: boolean };
  plugins: { name: string; url: string }[];
}

export const DEFAULT_SCRIPT_SETTINGS: ScriptSettings = {
  clientId: null,
  paywallId: null,
  contentSelectors: {},
  transforms: [],
  analytics: { dataLayer: 'dataLayer', pageViews: false, scrollDepth: false, activeTime: false },
  plugins: [],
};

/** Limits that keep a bundle small and a page safe. */
export const SCRIPT_LIMITS = { selectorLength: 500, htmlLength: 20_000, transforms: 100, plugins: 20, urlLength: 2_000 } as const;

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]{0,63}$/;
const PLUGIN_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The settings as given, checked as a whole: every problem is reported at once, by field. */
export function checkScriptSettings(input: {
  clientId?: string | null;
  paywallId?: string | null;
  contentSelectors?: Partial<Record<ContentSelectorKey, string>>;
  transforms?: Partial<TransformRule>[];
  analytics?: Partial<ScriptSettings['analytics']>;
  plugins?: { name: string; url: string }[];
}, current: ScriptSettings = DEFAULT_SCRIPT_SETTINGS): ScriptSettings {
  const problems: { field: string; message: string }[] = [];
  const problem = (field: string, message: string) => problems.push({ field, message });

  const contentSelectors: ScriptSettings['contentSelectors'] = { ...(input.contentSelectors === undefined ? current.contentSelectors : {}) };
  for (const [key, selector] of Object.entries(input.contentSelectors ?? {})) {
    if (!(CONTENT_SELECTOR_KEYS as readonly string[]).includes(key)) problem(`contentSelectors.${key}`, `is not one of ${CONTENT_SELECTOR_KEYS.join(', ')}`);
    else if (typeof selector !== 'string' || selector.trim() === '' || selector.length > SCRIPT_LIMITS.selectorLength)
      problem(`contentSelectors.${key}`, `must be a CSS selector of 1 to ${SCRIPT_LIMITS.selectorLength} characters`);
    else contentSelectors[key as ContentSelectorKey] = selector;
  }

  const transforms = input.transforms === undefined ? current.transforms : input.transforms.map((rule, i) => checkTransform(rule, `transforms[${i}]`, problem));
  if (transforms.length > SCRIPT_LIMITS.transforms) problem('transforms', `at most ${SCRIPT_LIMITS.transforms} rules`);

  const analytics = { ...current.analytics, ...(input.analytics ?? {}) };
  if (!IDENTIFIER.test(analytics.dataLayer)) problem('analytics.dataLayer', 'must be a JavaScript identifier (the page\'s data layer array)');

  const plugins = input.plugins ?? current.plugins;
  if (plugins.length > SCRIPT_LIMITS.plugins) problem('plugins', `at most ${SCRIPT_LIMITS.plugins} plugins`);
  plugins.forEach((plugin, i) => {
    if (!PLUGIN_NAME.test(plugin.name)) problem(`plugins[${i}].name`, 'lower-case letters, digits and hyphens, 1 to 64');
    if (!isScriptAddress(plugin.url)) problem(`plugins[${i}].url`, `an https:// address of at most ${SCRIPT_LIMITS.urlLength} characters`);
  });
  if (new Set(plugins.map((p) => p.name)).size !== plugins.length) problem('plugins', 'plugin names must be unique');

  if (problems.length > 0) throw new InvalidScriptSettings(problems);
  return {
    clientId: input.clientId === undefined ? current.clientId : input.clientId,
    paywallId: input.paywallId === undefined ? current.paywallId : input.paywallId,
    contentSelectors,
    transforms,
    analytics,
    plugins,
  };
}

function checkTransform(rule: Partial<TransformRule>, field: string, problem: (field: string, message: string) => void): TransformRule {
  if (!rule.action || !(TRANSFORM_ACTIONS as readonly string[]).includes(rule.action)) problem(`${field}.action`, `one of ${TRANSFORM_ACTIONS.join(', ')}`);
  if (typeof rule.selector !== 'string' || rule.selector.trim() === '' || rule.selector.length > SCRIPT_LIMITS.selectorLength)
    problem(`${field}.selector`, `a CSS selector of 1 to ${SCRIPT_LIMITS.selectorLength} characters`);
  const needsHtml = rule.action === 'insert' || rule.action === 'replace' || rule.action === 'wrap';
  if (needsHtml && (typeof rule.html !== 'string' || rule.html.length === 0)) problem(`${field}.html`, `is required for ${rule.action}`);
  if (typeof rule.html === 'string' && rule.html.length > SCRIPT_LIMITS.htmlLength) problem(`${field}.html`, `at most ${SCRIPT_LIMITS.htmlLength} characters`);
  if (rule.action === 'wrap' && typeof rule.html === 'string' && !rule.html.includes('<slot></slot>'))
    problem(`${field}.html`, 'a wrap rule marks where the element goes with <slot></slot>');
  if (rule.position !== undefined && rule.position !== null && !(TRANSFORM_POSITIONS as readonly string[]).includes(rule.position)) problem(`${field}.position`, `one of ${TRANSFORM_POSITIONS.join(', ')}`);
  if (rule.pathPattern !== undefined && rule.pathPattern !== null && (rule.pathPattern.length > SCRIPT_LIMITS.selectorLength || !rule.pathPattern.startsWith('/')))
    problem(`${field}.pathPattern`, 'a path pattern starting with /, * matching any run of characters');
  return {
    action: rule.action as TransformRule['action'],
    selector: rule.selector ?? '',
    html: rule.html ?? null,
    position: rule.position ?? (rule.action === 'insert' ? 'after' : null),
    pathPattern: rule.pathPattern ?? null,
    entitlement: rule.entitlement ?? null,
    signedIn: rule.signedIn ?? null,
  };
}

function isScriptAddress(url: unknown): boolean {
  if (typeof url !== 'string' || url.length > SCRIPT_LIMITS.urlLength) return false;
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}
