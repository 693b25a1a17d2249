import { useEffect, useRef, useState } from 'preact/hooks';
import { del, get, post } from '../api';
import { ActionButton, ActionForm, day, Field, LoadState, PageHeading, Table, useCan, useLoad } from '../ui';
import { CapsuleKeys } from './developer-capsule-keys';
import { DomainsAndSites } from './developer-sites';
import { Webhooks } from './developer-webhooks';

interface ApiKey {
  clientId: string;
  name: string;
  role: string;
  scopes: string[];
  createdAt: string;
  tokenUrl: string;
  audience: string;
}

interface BrowserClient {
  clientId: string;
  name: string;
  redirectUris: string[];
  allowedOrigins: string[];
  createdAt: string;
}

/** The secret of a new key, shown this once; it leaves the page when dismissed. */
function NewSecret({ keyInfo, onDone }: { keyInfo: ApiKey & { clientSecret: string }; onDone: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [copied, setCopied] = useState(false);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section class="card secret" aria-labelledby="secret-heading" id="new-secret">
      <h3 id="secret-heading" tabIndex={-1} ref={heading}>
        The secret of {keyInfo.name}
      </h3>
      <p>
        <strong>Copy it now: it is shown only this once.</strong> The service keeps only a hash of it.
      </p>
      <dl>
        <dt>Client ID</dt>
        <dd>
          <code id="new-key-id">{keyInfo.clientId}</code>
        </dd>
        <dt>Secret</dt>
        <dd>
          <code id="new-key-secret">{keyInfo.clientSecret}</code>
        </dd>
        <dt>Token address</dt>
        <dd>
          <code>{keyInfo.tokenUrl}</code>
        </dd>
        <dt>Audience</dt>
        <dd>
          <code>{keyInfo.audience}</code>
        </dd>
      </dl>
      <div class="actions">
        <button
          type="button"
          class="secondary"
          onClick={() => navigator.clipboard?.writeText(keyInfo.clientSecret).then(() => setCopied(true), () => setCopied(false))}
        >
          Copy the secret
        </button>
        <button type="button" id="secret-done" onClick={onDone}>
          I have saved it
        </button>
      </div>
      <p aria-live="polite">{copied ? 'Copied.' : ''}</p>
    </section>
  );
}

function ApiKeys() {
  const canManage = useCan('api-keys:manage');
  const keys = useLoad(() => (canManage ? get<ApiKey[]>('/management/api-keys') : Promise.resolve([])), 'keys');
  const [created, setCreated] = useState<(ApiKey & { clientSecret: string }) | null>(null);
  if (!canManage) {
    return (
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">API keys</h2>
        <p>Only owners and admins see and manage API keys.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="keys-heading">
      <h2 id="keys-heading">API keys</h2>
      <p>
        Your servers use an API key: they exchange its ID and secret at its token address for a bearer token. A <em>read</em> key reads; a{' '}
        <em>full</em> key also changes things. No key can manage the team or other keys.
      </p>
      {created ? (
        <NewSecret keyInfo={created} onDone={() => setCreated(null)} />
      ) : (
        <ActionForm
          label="New API key"
          submit="Create API key"
          onSubmit={async (v) => {
            const key = await post<ApiKey & { clientSecret: string }>('/management/api-keys', { name: v.name, role: v.role });
            setCreated(key);
            keys.reload();
            return `API key ${key.name} created.`;
          }}
        >
          <div class="grid">
            <Field label="Key name" name="name" required hint="What uses it, e.g. CRM sync." />
            <Field label="Access" name="role" options={[['read', 'Read only'], ['full', 'Read and change']]} />
          </div>
        </ActionForm>
      )}
      <LoadState loaded={keys} empty="No API keys yet." />
      {keys.data?.length ? (
        <Table
          caption="API keys"
          id="api-keys"
          head={['Name', 'Client ID', 'Access', 'Created', '']}
          rows={keys.data.map((k) => [
            k.name,
            <code>{k.clientId}</code>,
            k.role,
            day(k.createdAt),
            <ActionButton
              label={`Revoke`}
              danger
              confirm={`Revoke the key ${k.name}? Servers using it can no longer get tokens.`}
              run={async () => {
                await del(`/management/api-keys/${encodeURIComponent(k.clientId)}`);
                keys.reload();
              }}
            />,
          ])}
        />
      ) : null}
    </section>
  );
}

function BrowserClients() {
  const canWrite = useCan('sites:write');
  const clients = useLoad(() => get<BrowserClient[]>('/management/browser-clients'), 'clients');
  const list = (text: string) => text.split(/[\s,]+/).filter(Boolean);
  return (
    <section aria-labelledby="clients-heading">
      <h2 id="clients-heading">Browser clients (sites)</h2>
      <p>A site where readers sign in: the addresses the sign-in may return to, and the origins whose pages may call the service. Staff sign in to this portal through your first browser client.</p>
      <LoadState loaded={clients} empty="No browser clients yet: readers and staff cannot sign in until you register one." />
      {clients.data?.length ? (
        <Table
          caption="Browser clients"
          head={['Name', 'Client ID', 'Allowed origins', 'Return addresses']}
          rows={clients.data.map((c) => [c.name, <code>{c.clientId}</code>, c.allowedOrigins.join(', ') || '—', c.redirectUris.join(', ')])}
        />
      ) : null}
      {canWrite ? (
        <ActionForm
          label="Register a browser client"
          submit="Register"
          onSubmit={async (v) => {
            const client = await post<BrowserClient>('/management/browser-clients', {
              name: v.name,
              redirectUris: list(v.redirectUris),
              allowedOrigins: list(v.allowedOrigins),
            });
            clients.reload();
            return `Browser client ${client.clientId} registered.`;
          }}
        >
          <div class="grid">
            <Field label="Site name" name="name" required />
            <Field label="Return addresses" name="redirectUris" required hint="Full addresses, separated by spaces or commas." />
            <Field label="Allowed origins" name="allowedOrigins" hint="e.g. https://daily.example.com" />
          </div>
        </ActionForm>
      ) : null}
    </section>
  );
}

export function DevelopersPage() {
  return (
    <>
      <PageHeading title="Developers">API keys for your servers, browser clients, domains and sites, encrypted-content keys, webhooks, and the API reference.</PageHeading>
      <p id="settings-link">
        The script bundle, checkout, invoicing details, sign-in page texts, signed-link tiers and each site's details are on the{' '}
        <a href="/portal/settings">Settings</a> page.
      </p>
      <section aria-labelledby="reference-heading">
        <h2 id="reference-heading">API reference</h2>
        <ul>
          <li>
            <a href="/docs">The API reference</a> (every route, with examples)
          </li>
          <li>
            <a href="/openapi.json">The OpenAPI document</a> (for client generators)
          </li>
        </ul>
      </section>
      <ApiKeys />
      <BrowserClients />
      <DomainsAndSites />
      <CapsuleKeys />
      <Webhooks />
    </>
  );
}
