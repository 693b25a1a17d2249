import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, del, get, post, put } from '../api';
import { ActionButton, ActionForm, firstWith, day, Field, LoadState, Notice, Table, useCan, useLoad } from '../ui';

// The Developers page's settings beyond API keys and browser clients: the
// vendor's domains and sites, encrypted-content (capsule) keys, and webhook
// endpoints. Each section reads with its `:read` scope and offers changes
// only with its `:write` scope.

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

/** A section the role cannot read says so instead of showing a refusal. */
function NotForRole({ id, title, text }: { id: string; title: string; text: string }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{text}</p>
    </section>
  );
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

interface CapsuleConfiguration {
  mode: string;
  rotationIntervalMinutes: number;
  domains: string[];
  publisherKeys: { kid: string; createdAt: string }[];
  rotationSecret: { version: number; createdAt: string } | null;
  issuerKeys: { kid: string; algorithm: string; createdAt: string; retiredAt: string | null }[];
  serviceKeys: { kid: string; createdAt: string; retiredAt: string | null }[];
  currentKid: string | null;
}

/** The secret shown once: a box that takes focus and leaves when dismissed. */
function ShownOnce({ id, title, value, onDone }: { id: string; title: string; value: string; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="card secret" aria-labelledby={`${id}-heading`} id={id}>
      <h3 id={`${id}-heading`} tabIndex={-1} ref={heading}>
        {title}
      </h3>
      <p>
        <strong>Copy it now: it is shown only this once.</strong>
      </p>
      <p>
        <code id={`${id}-value`}>{value}</code>
      </p>
      <div class="actions">
        <button type="button" id={`${id}-done`} onClick={onDone}>
          I have saved it
        </button>
      </div>
    </section>
  );
}

export function CapsuleKeys() {
  const canRead = useCan('products:read');
  const canWrite = useCan('products:write');
  const config = useLoad(async () => {
    if (!canRead) return null;
    try {
      return await get<CapsuleConfiguration>('/management/capsule');
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) return null;
      throw e;
    }
  }, 'capsule');
  const [message, setMessage] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  if (!canRead) return <NotForRole id="capsule-heading" title="Encrypted content keys" text="Your role cannot see the encryption keys." />;
  const c = config.data;
  const done = (text: string) => (setMessage(text), config.reload());
  return (
    <section aria-labelledby="capsule-heading">
      <h2 id="capsule-heading">Encrypted content keys</h2>
      <p>Keys for articles whose text is encrypted in the page and opened for readers with access (the capsule). Your site's developers set them up.</p>
      <LoadState loaded={config} />
      <div aria-live="polite">
        <Notice>{message}</Notice>
      </div>
      {config.data === null && !config.loading ? (
        <>
          <p id="capsule-state">Encrypted content is not set up.</p>
          {canWrite ? (
            <ActionButton
              label="Set up encrypted content"
              run={async () => {
                await put('/management/capsule/settings', { mode: 'hosted' });
                done('Encrypted content is set up (hosted keys); a first signing key was made.');
              }}
            />
          ) : null}
        </>
      ) : null}
      {c ? (
        <>
          <dl class="facts" id="capsule-state">
            <dt>Mode</dt>
            <dd>{c.mode === 'hosted' ? 'Hosted: the service derives the keys' : 'Issuer-wrapped: pages carry keys wrapped for your issuer keys'}</dd>
            <dt>Key rotation</dt>
            <dd>every {c.rotationIntervalMinutes} minutes</dd>
            <dt>Rotation secret</dt>
            <dd>{c.rotationSecret ? `version ${c.rotationSecret.version}, since ${day(c.rotationSecret.createdAt)}` : 'none yet'}</dd>
            <dt>Publisher domains</dt>
            <dd>{c.domains.length ? c.domains.join(', ') : 'none'}</dd>
          </dl>
          {secret ? <ShownOnce id="rotation-secret" title="The new rotation secret" value={secret} onDone={() => setSecret(null)} /> : null}
          {canWrite && !secret ? (
            <div class="actions">
              <ActionButton
                label="Generate a new rotation secret"
                class="secondary"
                confirm="Generate a new rotation secret? The current one keeps working for a day."
                run={async () => {
                  const made = await post<{ rotationSecret: string; version: number }>('/management/capsule/rotation-secret', {});
                  setSecret(made.rotationSecret);
                  done(`Rotation secret version ${made.version} is made.`);
                }}
              />
              <ActionButton
                label="Rotate the link signing key"
                class="secondary"
                run={async () => {
                  await post('/management/capsule/service-keys/rotate', {});
                  done('A new link signing key is in use; the older ones stay published.');
                }}
              />
            </div>
          ) : null}
          {c.publisherKeys.length ? (
            <Table
              caption="Publisher keys (they sign your resource tokens)"
              id="publisher-keys"
              head={['Key ID', 'Added']}
              rows={c.publisherKeys.map((k) => {
                const row = [<code>{k.kid}</code>, day(k.createdAt)];
                return canWrite
                  ? firstWith(
                      row,
                      <ActionButton
                        label="Remove"
                        labelFor={k.kid}
                        danger
                        confirm={`Remove the publisher key ${k.kid}? Tokens signed with it are refused from then on.`}
                        run={async () => {
                          await del(`/management/capsule/publisher-keys/${encodeURIComponent(k.kid)}`);
                          done(`The publisher key ${k.kid} is removed.`);
                        }}
                      />,
                    )
                  : row;
              })}
            />
          ) : (
            <p>No publisher keys.</p>
          )}
          {c.issuerKeys.length ? (
            <Table
              caption="Issuer keys (pages wrap content keys for them)"
              id="issuer-keys"
              head={['Key ID', 'Algorithm', 'Added', 'Retired']}
              rows={c.issuerKeys.map((k) => {
                const row = [<code>{k.kid}</code>, k.algorithm, day(k.createdAt), day(k.retiredAt)];
                if (!canWrite) return row;
                return firstWith(
                  row,
                  k.retiredAt ? (
                    <ActionButton
                      label="Remove"
                      labelFor={k.kid}
                      danger
                      confirm={`Remove the issuer key ${k.kid}? Pages wrapped for it no longer open.`}
                      run={async () => {
                        await del(`/management/capsule/issuer-keys/${encodeURIComponent(k.kid)}`);
                        done(`The issuer key ${k.kid} is removed.`);
                      }}
                    />
                  ) : (
                    <ActionButton
                      label="Retire"
                      labelFor={k.kid}
                      class="secondary"
                      run={async () => {
                        await post(`/management/capsule/issuer-keys/${encodeURIComponent(k.kid)}/retire`, {});
                        done(`The issuer key ${k.kid} is retired: publishers stop wrapping for it; pages that name it still open.`);
                      }}
                    />
                  ),
                );
              })}
            />
          ) : (
            <p>No issuer keys.</p>
          )}
          <Table
            caption="Link signing keys (kept by the service)"
            id="service-keys"
            head={['Key ID', 'Made', 'Retired']}
            rows={c.serviceKeys.map((k) => [<code>{k.kid}</code>, day(k.createdAt), day(k.retiredAt)])}
          />
          {canWrite ? (
            <div class="split">
              <ActionForm
                label="Add a publisher key"
                submit="Add publisher key"
                onSubmit={async (v) => {
                  await post('/management/capsule/publisher-keys', { kid: v.kid, publicKeyPem: v.publicKeyPem });
                  config.reload();
                  return `The publisher key ${v.kid} is added.`;
                }}
              >
                <h3>Add a publisher key</h3>
                <Field label="Key ID" name="kid" required hint="The kid your tokens name, e.g. pub-2026-03." />
                <Field label="Public key (PEM)" name="publicKeyPem" type="textarea" required hint="An ES256 (P-256) public key, -----BEGIN PUBLIC KEY----- …" />
              </ActionForm>
              <ActionForm
                label="Add an issuer key"
                submit="Make issuer key"
                onSubmit={async (v) => {
                  await post('/management/capsule/issuer-keys', { kid: v.kid, algorithm: v.algorithm });
                  config.reload();
                  return `The issuer key ${v.kid} is made; its public key is in the key set publishers fetch.`;
                }}
              >
                <h3>Make an issuer key</h3>
                <Field label="Key ID" name="kid" required hint="e.g. issuer-2026-03." />
                <Field label="Algorithm" name="algorithm" options={['ECDH-P256', 'RSA-OAEP']} />
                <p class="hint">The service makes the private key and keeps it sealed; it is never shown.</p>
              </ActionForm>
              <ActionForm
                label="Add a publisher domain"
                submit="Add publisher domain"
                onSubmit={async (v) => {
                  await post('/management/capsule/domains', { domain: v.domain });
                  config.reload();
                  return `The publisher domain ${v.domain} is added.`;
                }}
              >
                <h3>Add a publisher domain</h3>
                <Field label="Publisher domain" name="domain" required hint="The issuer of your resource tokens, e.g. daily.example.com." />
              </ActionForm>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

interface Endpoint {
  id: string;
  url: string;
  eventTypes: string[] | null;
  description: string | null;
  status: string;
  createdAt: string;
}

export function Webhooks() {
  const canRead = useCan('webhooks:read');
  const canWrite = useCan('webhooks:write');
  const endpoints = useLoad(() => (canRead ? get<Endpoint[]>('/management/webhooks/endpoints') : Promise.resolve([])), 'endpoints');
  const catalogue = useLoad(
    () => (canWrite ? get<{ eventTypes: { type: string; description: string }[] }>('/management/webhooks/event-types') : Promise.resolve({ eventTypes: [] })),
    'event-types',
  );
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (!canRead) return <NotForRole id="webhooks-heading" title="Webhooks" text="Your role cannot see the webhook endpoints." />;
  return (
    <section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p>Addresses of your servers that are told when something happens (a contract made, a bill paid, access given), signed with the endpoint's secret.</p>
      <LoadState loaded={endpoints} empty="No webhook endpoints yet." />
      {endpoints.data?.length ? (
        <Table
          caption="Webhook endpoints"
          id="webhook-endpoints"
          head={['Address', 'Events', 'Status', 'Added']}
          rows={endpoints.data.map((e) => {
            const row = [
              <>
                {e.url}
                {e.description ? <div class="muted">{e.description}</div> : null}
              </>,
              e.eventTypes ? e.eventTypes.join(', ') : 'every event',
              e.status,
              day(e.createdAt),
            ];
            return canWrite
              ? firstWith(
                  row,
                  <ActionButton
                    label="Remove"
                    labelFor={e.url}
                    danger
                    confirm={`Remove the endpoint ${e.url}? Deliveries still waiting are dropped.`}
                    run={async () => {
                      await del(`/management/webhooks/endpoints/${encodeURIComponent(e.id)}`);
                      setMessage(`The endpoint ${e.url} is removed.`);
                      endpoints.reload();
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
      {secret ? (
        <ShownOnce id="webhook-secret" title={`The signing secret of ${secret.url}`} value={secret.secret} onDone={() => setSecret(null)} />
      ) : canWrite ? (
        <ActionForm
          label="Add a webhook endpoint"
          submit="Add endpoint"
          onSubmit={async (v, form) => {
            const chosen = Array.from(form.querySelectorAll<HTMLInputElement>('input[name="eventType"]:checked')).map((i) => i.value);
            const made = await post<Endpoint & { secret: string }>('/management/webhooks/endpoints', {
              url: v.url,
              ...(v.description ? { description: v.description } : {}),
              ...(chosen.length ? { eventTypes: chosen } : {}),
            });
            endpoints.reload();
            setSecret({ url: made.url, secret: made.secret });
            return `The endpoint ${made.url} is added.`;
          }}
        >
          <h3>Add a webhook endpoint</h3>
          <div class="grid">
            <Field label="Address" name="url" type="url" required hint="https://… on your server; private and local addresses are refused." />
            <Field label="Description" name="description" />
          </div>
          <fieldset>
            <legend>Events</legend>
            <p class="hint" id="events-hint">
              Tick none to receive every event.
            </p>
            <ul class="plain event-types" aria-describedby="events-hint">
              {(catalogue.data?.eventTypes ?? []).map((t) => (
                <li>
                  <label>
                    <input type="checkbox" name="eventType" value={t.type} /> <code>{t.type}</code> <span class="muted">{t.description}</span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
        </ActionForm>
      ) : null}
    </section>
  );
}
