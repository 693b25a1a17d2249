import { useState } from 'preact/hooks';
import { get, patch, post } from '../api';
import { BASE, navigate } from '../router';
import { History, VersionSummary } from './history';
import { StrategiesSection } from './strategies';
import { ActionButton, ActionForm, day, Field, LoadState, messageOf, Notice, PageHeading, ReadOnlyNote, Table, useCan, useLoad, vendorCurrency, when } from '../ui';

interface Subscription {
  id?: string;
  sku?: string;
  poId?: string;
  title?: string;
  price?: number;
  periodText?: string;
  tag?: string;
  selected?: boolean;
}

interface Paywall {
  id: string;
  name: string;
  status: 'ACTIVE' | 'ARCHIVED';
  entity: string;
  version: number;
  currency: string;
  headline: string;
  description: string;
  mainColor: string;
  showLoginButton: boolean;
  settings: { template?: string; leaky?: { enabled?: boolean; count?: number; periodInHours?: number } } & Record<string, unknown>;
  subscriptions: Subscription[];
  createdAt: string;
  modifiedAt: string;
}

/** The fields of the public render shape (`GET /paywalls/{id}`), which readers' pages draw. */
const PUBLIC_FIELDS = ['id', 'vendorId', 'currency', 'version', 'settings', 'showLoginButton', 'subscriptions', 'subscriptionsUrl', 'mainColor', 'headline', 'description', 'logoUrl', 'features', 'footerPaymentMethods', 'singlePurchase'];

function publicShape(paywall: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(PUBLIC_FIELDS.filter((f) => f in paywall).map((f) => [f, paywall[f]]));
}

export function PaywallsPage() {
  const canWrite = useCan('sites:write');
  const paywalls = useLoad(() => get<Paywall[]>('/management/paywalls'), 'paywalls');
  return (
    <>
      <PageHeading title="Paywalls">What readers see when their free reads are spent, how many free reads they get, and the strategies that pick a paywall.</PageHeading>
      <ReadOnlyNote scope="sites:write" />
      <LoadState loaded={paywalls} empty="No paywalls yet." />
      {paywalls.data?.length ? (
        <Table
          caption="Paywalls"
          id="paywalls"
          head={['Name', 'Status', 'Version', 'Free reads', 'Changed']}
          rows={paywalls.data.map((p) => [
            <a href={`${BASE}/paywalls/${encodeURIComponent(p.id)}`}>{p.name}</a>,
            p.status.toLowerCase(),
            String(p.version),
            p.settings.leaky?.enabled ? `${p.settings.leaky.count ?? 0} per ${p.settings.leaky.periodInHours ?? 0} h` : 'none',
            day(p.modifiedAt),
          ])}
        />
      ) : null}
      {canWrite ? (
        <ActionForm
          label="New paywall"
          submit="Create paywall"
          onSubmit={async (v) => {
            const paywall = await post<Paywall>('/management/paywalls', {
              name: v.name,
              headline: v.headline,
              currency: v.currency.toUpperCase(),
              settings: { leaky: { enabled: Number(v.count) > 0, count: Number(v.count || '0'), periodInHours: Number(v.periodInHours || '168') } },
            });
            navigate(`/paywalls/${encodeURIComponent(paywall.id)}`);
          }}
        >
          <div class="grid">
            <Field label="Name" name="name" required hint="For your staff; readers do not see it." />
            <Field label="Headline" name="headline" />
            <Field label="Currency" name="currency" value={vendorCurrency()} required />
            <Field label="Free reads" name="count" type="number" min="0" value="3" />
            <Field label="Per how many hours" name="periodInHours" type="number" min="1" value="168" />
          </div>
        </ActionForm>
      ) : null}
      <StrategiesSection />
    </>
  );
}

/** What a reader would see: the headline, text and offers, drawn from the public shape being edited. */
function Preview({ shape }: { shape: Record<string, unknown> }) {
  const subscriptions = Array.isArray(shape.subscriptions) ? (shape.subscriptions as Subscription[]) : [];
  const color = typeof shape.mainColor === 'string' && /^#[0-9a-fA-F]{3,8}$/.test(shape.mainColor) ? shape.mainColor : '#0b57d0';
  const description = typeof shape.description === 'string' ? shape.description.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim() : '';
  return (
    <section class="card preview" aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <div class="paywall-preview" style={{ borderColor: color }}>
        <p class="preview-headline">{String(shape.headline ?? '') || 'No headline'}</p>
        {description ? <p>{description}</p> : null}
        <ul class="plain offers">
          {subscriptions.map((s) => (
            <li class="offer" style={{ borderColor: color }}>
              <strong>{s.title ?? s.id}</strong> {s.price !== undefined ? `${s.price} ${String(shape.currency ?? '')}` : ''} {s.periodText ?? ''}
              {s.tag ? <span class="tag">{s.tag}</span> : null}
            </li>
          ))}
        </ul>
        {shape.showLoginButton ? <p class="muted">Already a subscriber? Sign in</p> : null}
      </div>
      <details>
        <summary>The public render shape (what GET /paywalls/{'{id}'} answers)</summary>
        <pre id="public-shape">{JSON.stringify(shape, null, 2)}</pre>
      </details>
    </section>
  );
}

export function PaywallPage({ id }: { id: string }) {
  const canWrite = useCan('sites:write');
  const paywall = useLoad(() => get<Paywall>(`/management/paywalls/${encodeURIComponent(id)}`), `paywall:${id}`);
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const p = paywall.data;
  const value = (name: string, fallback: string) => draft[name] ?? fallback;
  const set = (name: string) => (text: string) => setDraft((d) => ({ ...d, [name]: text }));
  let subscriptions: unknown = p?.subscriptions ?? [];
  let subscriptionsError: string | null = null;
  if (draft.subscriptions !== undefined) {
    try {
      subscriptions = JSON.parse(draft.subscriptions);
      if (!Array.isArray(subscriptions)) subscriptionsError = 'Offers must be a JSON list.';
    } catch (e) {
      subscriptionsError = `Offers are not valid JSON: ${messageOf(e)}`;
    }
  }
  const shape = p
    ? publicShape({
        ...p,
        headline: value('headline', p.headline),
        description: value('description', p.description),
        mainColor: value('mainColor', p.mainColor),
        currency: value('currency', p.currency),
        subscriptions: subscriptionsError ? p.subscriptions : subscriptions,
      })
    : {};
  const save = async (event: Event) => {
    event.preventDefault();
    if (!p) return;
    if (subscriptionsError) return setError(subscriptionsError);
    setError(null);
    setSaved(null);
    const change: Record<string, unknown> = {};
    for (const field of ['name', 'headline', 'description', 'mainColor', 'currency']) if (draft[field] !== undefined) change[field] = draft[field];
    if (draft.subscriptions !== undefined) change.subscriptions = subscriptions;
    if (draft.count !== undefined || draft.periodInHours !== undefined) {
      const count = Number(value('count', String(p.settings.leaky?.count ?? 0)));
      change.settings = { leaky: { enabled: count > 0, count, periodInHours: Number(value('periodInHours', String(p.settings.leaky?.periodInHours ?? 168))) } };
    }
    try {
      const updated = await patch<Paywall>(`/management/paywalls/${encodeURIComponent(p.id)}`, change);
      setDraft({});
      setSaved(`Saved: now version ${updated.version}.`);
      paywall.reload();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  return (
    <>
      <PageHeading title={p ? `Paywall ${p.name}` : 'Paywall'} />
      <p>
        <a href={`${BASE}/paywalls`}>Back to paywalls</a>
      </p>
      <LoadState loaded={paywall} />
      {p ? (
        <>
          <p id="paywall-version">
            Version {p.version}, {p.status.toLowerCase()}, last changed {when(p.modifiedAt)}. Every saved change raises the version; readers' pages pick it up at
            once.
          </p>
          <div class="split">
            <form class="card form" aria-label="Edit paywall" onSubmit={save}>
              <fieldset disabled={!canWrite}>
                <legend>{canWrite ? 'Edit' : 'Settings (your role reads only)'}</legend>
                <Field label="Name" name="name" value={value('name', p.name)} onInput={set('name')} />
                <Field label="Headline" name="headline" value={value('headline', p.headline)} onInput={set('headline')} />
                <Field label="Text" name="description" type="textarea" value={value('description', p.description)} onInput={set('description')} />
                <Field label="Main colour" name="mainColor" value={value('mainColor', p.mainColor)} onInput={set('mainColor')} hint="e.g. #0b3d91" />
                <Field label="Currency" name="currency" value={value('currency', p.currency)} onInput={set('currency')} />
                <Field label="Free reads" name="count" type="number" min="0" value={value('count', String(p.settings.leaky?.count ?? 0))} onInput={set('count')} />
                <Field
                  label="Per how many hours"
                  name="periodInHours"
                  type="number"
                  min="1"
                  value={value('periodInHours', String(p.settings.leaky?.periodInHours ?? 168))}
                  onInput={set('periodInHours')}
                />
                <Field
                  label="Offers (JSON)"
                  name="subscriptions"
                  type="textarea"
                  value={value('subscriptions', JSON.stringify(p.subscriptions, null, 2))}
                  onInput={set('subscriptions')}
                  hint='A list like [{"id": "monthly", "sku": "daily-digital", "poId": "monthly", "title": "Digital", "price": 99, "periodText": "per month"}].'
                />
                {canWrite ? (
                  <div class="actions">
                    <button type="submit">Save</button>
                  </div>
                ) : null}
              </fieldset>
              <div aria-live="polite">
                <Notice error={error ?? (subscriptionsError && draft.subscriptions !== undefined ? subscriptionsError : null)}>{saved}</Notice>
              </div>
            </form>
            <Preview shape={shape} />
          </div>
          {canWrite && p.status === 'ACTIVE' ? (
            <ActionButton
              label="Archive this paywall"
              danger
              confirm="Archive this paywall? Readers will no longer see it."
              run={async () => {
                await post(`/management/paywalls/${encodeURIComponent(p.id)}/retire`);
                paywall.reload();
              }}
            />
          ) : null}
          <History<VersionSummary & { paywall: Paywall }>
            path={`/management/paywalls/${encodeURIComponent(p.id)}`}
            noun="paywall"
            current={p.version}
            canRestore={canWrite && p.status === 'ACTIVE'}
            onRestored={() => {
              setDraft({});
              paywall.reload();
            }}
            render={(v) => (
              <>
                <dl class="facts">
                  <dt>Name</dt>
                  <dd>{v.paywall.name}</dd>
                  <dt>Headline</dt>
                  <dd>{v.paywall.headline || '—'}</dd>
                  <dt>Free reads</dt>
                  <dd>
                    {v.paywall.settings.leaky?.enabled ? `${v.paywall.settings.leaky.count ?? 0} per ${v.paywall.settings.leaky.periodInHours ?? 0} h` : 'none'}
                  </dd>
                  <dt>Offers</dt>
                  <dd>{v.paywall.subscriptions.length ? v.paywall.subscriptions.map((o) => o.title ?? o.id).join(', ') : 'none'}</dd>
                </dl>
                <details>
                  <summary>The public render shape of version {v.version}</summary>
                  <pre id="version-shape">{JSON.stringify(publicShape(v.paywall as unknown as Record<string, unknown>), null, 2)}</pre>
                </details>
              </>
            )}
          />
        </>
      ) : null}
    </>
  );
}
