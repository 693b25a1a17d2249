import { useState } from 'preact/hooks';
import { get, patch, put } from '../api';
import { BASE } from '../router';
import { useCan, useLoad } from '../ui';
import { FieldRefusal, NotForRole, orNull, Section, SettingsBlock, text } from './settings-form';

// Signed links

export function SignedLinks() {
  const canRead = useCan('sites:read');
  const canWrite = useCan('sites:write');
  const tiers = useLoad(() => (canRead ? get<{ metered: string; entitled: string }>('/management/paywall-link-tiers') : Promise.resolve(undefined)), 'link-tiers');
  const [saved, setSaved] = useState<{ metered: string; entitled: string } | null>(null);
  const [round, setRound] = useState(0);
  if (!canRead) return <NotForRole id="links" title="Signed links" text="Your role cannot see the signed-link settings." />;
  const t = saved ?? tiers.data;
  return (
    <Section
      id="links"
      title="Signed links"
      loaded={tiers}
      intro="The tier written into the signed links that open content: one for a reader's free reads, one for readers who have access. Your encrypted content compares it with its own tier. Links already sent keep theirs."
    >
      {t ? (
        <SettingsBlock
          id="links-form"
          label="Signed-link tiers"
          specs={[
            { name: 'metered', label: 'Tier for free reads', value: t.metered, required: true, hint: 'e.g. premium' },
            { name: 'entitled', label: 'Tier for readers with access', value: t.entitled, required: true, hint: 'e.g. premium' },
          ]}
          canWrite={canWrite}
          version={String(round)}
          save={async (v) => {
            if (!v.metered) throw new FieldRefusal('metered', 'Write a tier, e.g. premium');
            if (!v.entitled) throw new FieldRefusal('entitled', 'Write a tier, e.g. premium');
            setSaved(await put<{ metered: string; entitled: string }>('/management/paywall-link-tiers', { metered: v.metered, entitled: v.entitled }));
            setRound((r) => r + 1);
            return 'Signed-link tiers saved. New links carry them.';
          }}
        />
      ) : null}
    </Section>
  );
}

// ---------------------------------------------------------------------------
// Sites

interface Site {
  id: string;
  name: string;
  domain: string;
  url: string;
  clientId: string | null;
  updatedAt: string;
}

export function Sites() {
  const canReadSites = useCan('sites:read');
  const canReadDomains = useCan('domains:read');
  const canRead = canReadSites && canReadDomains;
  const canWrite = useCan('sites:write');
  const sites = useLoad(() => (canRead ? get<Site[]>('/management/sites') : Promise.resolve([])), 'settings-sites');
  const domains = useLoad(() => (canRead ? get<{ domain: string }[]>('/management/domains') : Promise.resolve([])), 'settings-domains');
  const clients = useLoad(() => (canRead ? get<{ clientId: string; name: string }[]>('/management/browser-clients') : Promise.resolve([])), 'settings-site-clients');
  if (!canRead) return <NotForRole id="sites-edit" title="Sites" text="Your role cannot see the sites." />;
  return (
    <Section
      id="sites-edit"
      title="Sites"
      loaded={sites}
      intro={
        <>
          Change a site's name, domain, address or browser client. Add and remove sites and domains on the <a href={`${BASE}/developers`}>Developers</a> page.
        </>
      }
    >
      {sites.data && sites.data.length === 0 ? <p>No sites yet.</p> : null}
      {(sites.data ?? []).map((s) => (
        <SiteSettings
          site={s}
          canWrite={canWrite}
          domains={(domains.data ?? []).map((d) => d.domain)}
          clients={clients.data ?? []}
          onSaved={() => sites.reload()}
        />
      ))}
    </Section>
  );
}

function SiteSettings(props: { site: Site; canWrite: boolean; domains: string[]; clients: { clientId: string; name: string }[]; onSaved: () => void }) {
  const s = props.site;
  const domains = props.domains.includes(s.domain) ? props.domains : [s.domain, ...props.domains];
  return (
    <section class="card site-settings" aria-labelledby={`site-${s.id}-heading`}>
      <h3 id={`site-${s.id}-heading`}>{s.name}</h3>
      <SettingsBlock
        id={`site-${s.id}`}
        label={`Site ${s.name}`}
        submit="Save site"
        specs={[
          { name: 'name', label: 'Site name', value: s.name, required: true },
          { name: 'domain', label: 'Domain', kind: 'select', value: s.domain, options: domains.map((d) => [d, d]) },
          { name: 'url', label: 'Address', kind: 'url', value: s.url, required: true, hint: 'https:// on the domain or a subdomain.' },
          {
            name: 'clientId',
            label: 'Browser client',
            kind: 'select',
            value: text(s.clientId),
            options: [['', 'None'], ...props.clients.map((c) => [c.clientId, `${c.name} (${c.clientId})`] as [string, string])],
            hint: "With a client, the site's origin may call the service.",
          },
        ]}
        canWrite={props.canWrite}
        version={`${s.updatedAt}:${props.domains.length}:${props.clients.length}`}
        save={async (v) => {
          const saved = await patch<Site>(`/management/sites/${encodeURIComponent(s.id)}`, { name: v.name, domain: v.domain, url: v.url, clientId: orNull(v.clientId) });
          props.onSaved();
          return `The site ${saved.name} is saved.`;
        }}
      />
    </section>
  );
}
