import { useState } from 'preact/hooks';
import { ApiError, del, get, post, put } from '../api';
import { ActionButton, ActionForm, firstWith, day, Field, LoadState, Notice, Table, useCan, useLoad } from '../ui';
import { NotForRole } from './not-for-role';
import { ShownOnce } from './shown-once';

// The Developers page's encrypted-content (capsule) keys: publisher keys,
// domains, the rotation secret, issuer and service keys.

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
