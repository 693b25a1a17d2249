import { useState } from 'preact/hooks';
import { get, patch } from '../api';
import { useCan, useLoad, useStaff, when } from '../ui';
import { FieldRefusal, NotForRole, orNull, Section, SettingsBlock, Spec, text, Value } from './settings-form';

// The script bundle

interface ScriptConfiguration {
  version: number;
  updatedAt: string | null;
  clientId: string | null;
  paywallId: string | null;
  contentSelectors: Record<string, string | undefined>;
  transforms: unknown[];
  analytics: { dataLayer?: string; pageViews?: boolean; scrollDepth?: boolean; activeTime?: boolean };
  plugins: unknown[];
  scriptUrls: { bundle: string; serviceJs: string; serviceComponents: string };
}

const SELECTORS: [string, string, string][] = [
  ['article', 'Article', 'The element that holds the story, e.g. article.story'],
  ['title', 'Headline', 'e.g. h1.headline'],
  ['image', 'Lead image', 'e.g. figure.lead img'],
  ['excerpt', 'Excerpt', 'The part every reader sees, e.g. .ingress'],
  ['price', 'Price', 'Where a single article shows its price'],
  ['id', 'Content ID', 'The element whose data names the content'],
  ['pass', 'Pass', 'Where a day pass or similar offer sits'],
];

function parseJsonList(field: string, label: string, raw: Value): unknown[] {
  const source = String(raw).trim();
  if (!source) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(source);
  } catch {
    throw new FieldRefusal(field, `${label} is not valid JSON. Write a list in square brackets, e.g. []`);
  }
  if (!Array.isArray(parsed)) throw new FieldRefusal(field, `${label} must be a list in square brackets, e.g. []`);
  return parsed;
}

export function ScriptBundle() {
  const canRead = useCan('sites:read');
  const canWrite = useCan('sites:write');
  const staff = useStaff();
  const config = useLoad(() => (canRead ? get<ScriptConfiguration>('/management/scripts/configuration') : Promise.resolve(undefined)), 'script-config');
  const clients = useLoad(() => (canRead ? get<{ clientId: string; name: string }[]>('/management/browser-clients') : Promise.resolve([])), 'script-clients');
  const paywalls = useLoad(() => (canRead ? get<{ id: string; name: string; status: string }[]>('/management/paywalls') : Promise.resolve([])), 'script-paywalls');
  const [saved, setSaved] = useState<ScriptConfiguration | null>(null);
  if (!canRead) return <NotForRole id="script" title="Script bundle" text="Your role cannot see the script settings." />;
  const c = saved ?? config.data;
  const specs: Spec[] = c
    ? [
        {
          name: 'clientId',
          label: 'Browser client',
          kind: 'select',
          value: text(c.clientId),
          hint: 'The browser client that signs readers in on your pages.',
          options: [['', 'None'], ...(clients.data ?? []).map((b) => [b.clientId, `${b.name} (${b.clientId})`] as [string, string])],
        },
        {
          name: 'paywallId',
          label: 'Metering paywall',
          kind: 'select',
          value: text(c.paywallId),
          hint: 'The paywall whose free-read allowance counts reads of marked content.',
          options: [['', 'None'], ...(paywalls.data ?? []).filter((p) => p.status === 'ACTIVE' || p.id === c.paywallId).map((p) => [p.id, p.name] as [string, string])],
        },
        ...SELECTORS.map(([key, label, hint]): Spec => ({ name: `contentSelectors.${key}`, label: `${label} selector`, value: text(c.contentSelectors[key]), hint: `${hint}. Empty: not used.` })),
        { name: 'analytics.dataLayer', label: 'Data layer name', value: text(c.analytics.dataLayer), hint: 'The global array that receives analytics events, e.g. dataLayer.' },
        { name: 'analytics.pageViews', label: 'Send page views', kind: 'checkbox', value: c.analytics.pageViews === true },
        { name: 'analytics.scrollDepth', label: 'Send scroll depth', kind: 'checkbox', value: c.analytics.scrollDepth === true },
        { name: 'analytics.activeTime', label: 'Send active reading time', kind: 'checkbox', value: c.analytics.activeTime === true },
        {
          name: 'transforms',
          label: 'Page changes (JSON)',
          kind: 'textarea',
          value: c.transforms.length ? JSON.stringify(c.transforms, null, 2) : '',
          hint: 'A list of {"action", "selector", …} rules (see /docs, scripts); empty for none.',
        },
        {
          name: 'plugins',
          label: 'Plugins (JSON)',
          kind: 'textarea',
          value: c.plugins.length ? JSON.stringify(c.plugins, null, 2) : '',
          hint: 'A list of {"name", "url"}; empty for none.',
        },
      ]
    : [];
  return (
    <Section
      id="script"
      title="Script bundle"
      loaded={config}
      intro="The script your pages load: which browser client signs readers in, which paywall meters free reads, where your content sits on the page (CSS selectors), and what it reports to your analytics."
    >
      {c ? (
        <>
          <p class="status-line" id="script-version">
            {c.version === 0 ? 'Defaults: never saved.' : `Version ${c.version}, saved ${when(c.updatedAt)}.`}
          </p>
          <p>Put this on your pages (it carries these settings and the stable library):</p>
          <pre class="snippet" tabIndex={0} aria-label="Script tag for your pages">
            <code>{`<script src="${c.scriptUrls.bundle}" async></script>`}</code>
          </pre>
          <SettingsBlock
            id="script-form"
            label="Script settings"
            specs={specs}
            canWrite={canWrite}
            version={`${staff.vendorId}:${c.version}:${clients.data?.length ?? 0}:${paywalls.data?.length ?? 0}`}
            save={async (v) => {
              const body = {
                clientId: orNull(v.clientId),
                paywallId: orNull(v.paywallId),
                // The service replaces the whole set: an empty field leaves that selector out.
                contentSelectors: Object.fromEntries(SELECTORS.map(([key]) => [key, String(v[`contentSelectors.${key}`])]).filter(([, sel]) => sel !== '')),
                analytics: {
                  dataLayer: String(v['analytics.dataLayer']) || undefined,
                  pageViews: v['analytics.pageViews'] === true,
                  scrollDepth: v['analytics.scrollDepth'] === true,
                  activeTime: v['analytics.activeTime'] === true,
                },
                transforms: parseJsonList('transforms', 'Page changes', v.transforms),
                plugins: parseJsonList('plugins', 'Plugins', v.plugins),
                ifVersion: c.version,
              };
              const next = await patch<ScriptConfiguration>('/management/scripts/configuration', body);
              setSaved(next);
              return `Script settings saved (version ${next.version}). Pages get them within a minute.`;
            }}
          />
        </>
      ) : null}
    </Section>
  );
}
