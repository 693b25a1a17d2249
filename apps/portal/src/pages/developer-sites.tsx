import { useState } from 'preact/hooks';
import { del, get, post } from '../api';
import { ActionButton, ActionForm, firstWith, day, Field, LoadState, Notice, Table, useCan, useLoad } from '../ui';
import { NotForRole } from './not-for-role';

// The Developers page's domains and sites: where the vendor's pages live,
// read with `sites:read` and changed with `sites:write`.

interface Domain {
  domain: string;
  createdAt: string;
  sites: string[];
}

interface Site {
  id: string;
  name: string;
  domain: string;
  url: string;
  clientId: string | null;
  allowedOrigins: string[];
  createdAt: string;
}

interface ClientChoice {
  clientId: string;
  name: string;
}

export function DomainsAndSites() {
  const canReadDomains = useCan('domains:read');
  const canReadSites = useCan('sites:read');
  const canRead = canReadDomains && canReadSites;
  const canWriteDomains = useCan('domains:write');
  const canWriteSites = useCan('sites:write');
  const domains = useLoad(() => (canRead ? get<Domain[]>('/management/domains') : Promise.resolve([])), 'domains');
  const sites = useLoad(() => (canRead ? get<Site[]>('/management/sites') : Promise.resolve([])), 'sites');
  const clients = useLoad(() => (canWriteSites ? get<ClientChoice[]>('/management/browser-clients') : Promise.resolve([])), 'site-clients');
  const [message, setMessage] = useState<string | null>(null);
  if (!canRead) return <NotForRole id="domains-heading" title="Domains and sites" text="Your role cannot see the domains and sites." />;
  const reload = () => (domains.reload(), sites.reload());
  return (
    <section aria-labelledby="domains-heading">
      <h2 id="domains-heading">Domains and sites</h2>
      <p>
        Your web domains, and the sites on them. A site linked to a browser client lets its pages call the service: its origin is added to the client's allowed
        origins.
      </p>
      <h3 class="subsection">Domains</h3>
      <LoadState loaded={domains} empty="No domains yet." />
      {domains.data?.length ? (
        <Table
          caption="Your domains"
          id="domains"
          head={['Domain', 'Sites', 'Added']}
          rows={domains.data.map((d) => {
            const row = [d.domain, String(d.sites.length), day(d.createdAt)];
            return canWriteDomains
              ? firstWith(
                  row,
                  <ActionButton
                    label="Remove"
                    labelFor={d.domain}
                    danger
                    run={async () => {
                      await del(`/management/domains/${encodeURIComponent(d.domain)}`);
                      setMessage(`The domain ${d.domain} is removed.`);
                      domains.reload();
                    }}
                  />,
                )
              : row;
          })}
        />
      ) : null}
      <div aria-live="polite">
        <Notice>{message}</Notice>
      </div>
      {canWriteDomains ? (
        <ActionForm
          label="Add a domain"
          submit="Add domain"
          onSubmit={async (v) => {
            const added = await post<Domain>('/management/domains', { domain: v.domain });
            domains.reload();
            return `The domain ${added.domain} is added.`;
          }}
        >
          <h4>Add a domain</h4>
          <Field label="Domain" name="domain" required hint="The host name only, e.g. news.example.com (no https://, no path)." />
        </ActionForm>
      ) : null}

      <h3 class="subsection">Sites</h3>
      <LoadState loaded={sites} empty="No sites yet." />
      {sites.data?.length ? (
        <Table
          caption="Your sites"
          id="sites"
          head={['Name', 'Address', 'Browser client']}
          rows={sites.data.map((s) => {
            const row = [s.name, s.url, s.clientId ? <code>{s.clientId}</code> : 'none'];
            return canWriteSites
              ? firstWith(
                  row,
                  <ActionButton
                    label="Remove"
                    labelFor={`the site ${s.name}`}
                    danger
                    run={async () => {
                      await del(`/management/sites/${encodeURIComponent(s.id)}`);
                      setMessage(`The site ${s.name} is removed.`);
                      reload();
                    }}
                  />,
                )
              : row;
          })}
        />
      ) : null}
      {canWriteSites && domains.data?.length ? (
        <ActionForm
          label="Add a site"
          submit="Add site"
          onSubmit={async (v) => {
            const site = await post<Site>('/management/sites', { name: v.name, domain: v.domain, url: v.url, ...(v.clientId ? { clientId: v.clientId } : {}) });
            reload();
            return `The site ${site.name} is added${site.clientId ? `; ${site.allowedOrigins.join(', ')} may now call the service` : ''}.`;
          }}
        >
          <h4>Add a site</h4>
          <div class="grid">
            <Field label="Site name" name="name" required />
            <Field label="Domain" name="domain" options={domains.data.map((d) => d.domain)} />
            <Field label="Address" name="url" type="url" required hint="https:// on that domain or a subdomain, e.g. https://www.news.example.com/" />
            <Field
              label="Browser client"
              name="clientId"
              options={[['', 'None'], ...(clients.data ?? []).map((c) => [c.clientId, `${c.name} (${c.clientId})`] as [string, string])]}
            />
          </div>
        </ActionForm>
      ) : canWriteSites ? (
        <p>Add a domain first: a site lives on one of your domains.</p>
      ) : null}
    </section>
  );
}
