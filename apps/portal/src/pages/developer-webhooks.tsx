import { useState } from 'preact/hooks';
import { del, get, post } from '../api';
import { ActionButton, ActionForm, firstWith, day, Field, LoadState, Notice, Table, useCan, useLoad } from '../ui';
import { NotForRole } from './not-for-role';
import { ShownOnce } from './shown-once';

// The Developers page's webhook endpoints: where events are delivered,
// their secrets, test sends and the delivery log.

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
