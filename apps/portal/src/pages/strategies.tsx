import { useState } from 'preact/hooks';
import { get, patch, post } from '../api';
import { BASE, navigate } from '../router';
import { ActionButton, ActionForm, day, Field, LoadState, messageOf, Notice, PageHeading, Table, useCan, useLoad, when } from '../ui';
import { History, VersionSummary } from './history';

// Strategies (docs/paywalls.md; the flow format is
// packages/domain/src/paywalls/STRATEGY-FORMAT.md): which paywall a visitor
// sees, decided by a small flow of conditions ending in paywalls. The list and
// a starter builder sit on the Paywalls page; one strategy has its own page
// with the flow in words and its JSON to edit.

interface PaywallChoice {
  id: string;
  name: string;
  status: string;
}

interface FlowNode {
  id: string;
  type: string;
  label?: string;
  paywallId?: string;
  condition?: unknown;
}

interface Flow {
  formatVersion: number;
  start: string;
  fallback: string;
  nodes: FlowNode[];
  edges?: { id: string; from: string; to: string; branch: string | boolean }[];
}

interface Strategy {
  id: string;
  name: string;
  target: string | null;
  status: 'ACTIVE' | 'ARCHIVED';
  version: number;
  fingerprint: string;
  flow: Flow;
  createdAt: string;
  modifiedAt: string;
}

const STARTERS: [string, string][] = [
  ['everyone', 'One paywall for everyone'],
  ['device', 'Phones and tablets see another paywall'],
  ['signed-in', 'Signed-in readers see another paywall'],
];

/** A starting flow the vendor can refine in the JSON editor afterwards. */
function starterFlow(kind: string, main: string, other: string): Flow {
  const leaf = (id: string, label: string, paywallId: string): FlowNode => ({ id, type: 'paywall', label, paywallId });
  if (kind === 'everyone') return { formatVersion: 1, start: 'everyone', fallback: 'everyone', nodes: [leaf('everyone', 'Everyone', main)], edges: [] };
  const condition =
    kind === 'device'
      ? { id: 'is-mobile', type: 'condition', label: 'Phone or tablet?', condition: { field: 'device.type', operator: 'in', value: ['mobile', 'tablet'] } }
      : { id: 'signed-in', type: 'condition', label: 'Signed in?', condition: { field: 'user.signedIn', operator: 'equals', value: true } };
  return {
    formatVersion: 1,
    start: condition.id,
    fallback: 'default',
    nodes: [condition, leaf('other', kind === 'device' ? 'Phones and tablets' : 'Signed-in readers', other), leaf('default', 'Everyone else', main)],
    edges: [
      { id: 'e1', from: condition.id, to: 'other', branch: 'true' },
      { id: 'e2', from: condition.id, to: 'default', branch: 'false' },
    ],
  };
}

export function StrategiesSection() {
  const canWrite = useCan('sites:write');
  const strategies = useLoad(() => get<Strategy[]>('/management/paywall-strategies'), 'strategies');
  const paywalls = useLoad(() => get<PaywallChoice[]>('/management/paywalls'), 'strategy-paywalls');
  const [starter, setStarter] = useState('everyone');
  const active = (paywalls.data ?? []).filter((p) => p.status === 'ACTIVE');
  const choices = active.map((p) => [p.id, p.name] as [string, string]);
  return (
    <section aria-labelledby="strategies-heading">
      <h2 id="strategies-heading">Strategies</h2>
      <p>A strategy picks the paywall a visitor sees (by device, sign-in, country, where they came from, what they read). Your pages ask for it by its ID.</p>
      <LoadState loaded={strategies} empty="No strategies yet." />
      {strategies.data?.length ? (
        <Table
          caption="Strategies"
          id="strategies"
          head={['Name', 'For', 'Status', 'Version', 'Changed']}
          rows={strategies.data.map((s) => [
            <a href={`${BASE}/strategies/${encodeURIComponent(s.id)}`}>{s.name}</a>,
            s.target || '—',
            s.status.toLowerCase(),
            String(s.version),
            day(s.modifiedAt),
          ])}
        />
      ) : null}
      {canWrite && paywalls.data && active.length === 0 ? <p>Create a paywall first: a strategy ends in paywalls.</p> : null}
      {canWrite && active.length ? (
        <ActionForm
          label="New strategy"
          submit="Create strategy"
          onSubmit={async (v) => {
            const made = await post<Strategy>('/management/paywall-strategies', {
              name: v.name,
              ...(v.target ? { target: v.target } : {}),
              flow: starterFlow(starter, v.main, v.other || v.main),
            });
            navigate(`/strategies/${encodeURIComponent(made.id)}`);
          }}
        >
          <h3>New strategy</h3>
          <div class="grid">
            <Field label="Name" name="name" required hint="For your staff, e.g. Mobile first." />
            <Field label="For" name="target" hint="Where it is used, e.g. articles." />
            <Field label="Start from" name="starter" value={starter} onInput={setStarter} options={STARTERS} hint="You can change the flow afterwards." />
            <Field label={starter === 'everyone' ? 'Paywall' : 'Paywall for everyone else'} name="main" options={choices} />
            {starter !== 'everyone' ? (
              <Field label={starter === 'device' ? 'Paywall for phones and tablets' : 'Paywall for signed-in readers'} name="other" options={choices} />
            ) : null}
          </div>
        </ActionForm>
      ) : null}
    </section>
  );
}

function conditionText(condition: unknown): string {
  if (!condition || typeof condition !== 'object') return String(condition);
  const c = condition as Record<string, unknown>;
  if (Array.isArray(c.all)) return c.all.map(conditionText).join(' and ');
  if (Array.isArray(c.any)) return `(${c.any.map(conditionText).join(' or ')})`;
  if (c.not !== undefined) return `not (${conditionText(c.not)})`;
  const value = Array.isArray(c.value) ? c.value.join(', ') : c.value === undefined ? '' : String(c.value);
  return `${String(c.field)} ${String(c.operator)} ${value}`.trim();
}

/** The flow in words: each node, what it checks or shows, and where each answer leads. */
function FlowOutline({ flow, paywallName, id = 'flow-outline' }: { flow: Flow; paywallName: (id: string) => string; id?: string }) {
  if (!flow || !Array.isArray(flow.nodes)) return <p>The flow cannot be shown.</p>;
  const name = (id: string) => {
    const node = flow.nodes.find((n) => n.id === id);
    return node?.label || id;
  };
  const edge = (from: string, branch: string) => (flow.edges ?? []).find((e) => e.from === from && String(e.branch) === branch);
  return (
    <ol class="flow" id={id}>
      {flow.nodes.map((n) => (
        <li>
          <strong>{n.label || n.id}</strong>
          {n.id === flow.start ? <span class="tag">start</span> : null}
          {n.id === flow.fallback ? <span class="tag">fallback</span> : null}
          {n.type === 'paywall' ? (
            <span> shows the paywall {n.paywallId ? paywallName(n.paywallId) : '—'}.</span>
          ) : (
            <span>
              {' '}
              checks <code>{conditionText(n.condition)}</code>: yes → {edge(n.id, 'true') ? name(edge(n.id, 'true')!.to) : 'the fallback'}, no →{' '}
              {edge(n.id, 'false') ? name(edge(n.id, 'false')!.to) : 'the fallback'}.
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}

export function StrategyPage({ id }: { id: string }) {
  const canWrite = useCan('sites:write');
  const strategy = useLoad(() => get<Strategy>(`/management/paywall-strategies/${encodeURIComponent(id)}`), `strategy:${id}`);
  const paywalls = useLoad(() => get<PaywallChoice[]>('/management/paywalls'), 'strategy-page-paywalls');
  const [draft, setDraft] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const s = strategy.data;
  const paywallName = (paywallId: string) => paywalls.data?.find((p) => p.id === paywallId)?.name ?? paywallId;
  let flow: Flow | null = s?.flow ?? null;
  let flowError: string | null = null;
  if (draft.flow !== undefined) {
    try {
      flow = JSON.parse(draft.flow) as Flow;
    } catch (e) {
      flowError = `The flow is not valid JSON: ${messageOf(e)}`;
    }
  }
  const save = async (event: Event) => {
    event.preventDefault();
    if (!s) return;
    if (flowError) return setError(flowError);
    setError(null);
    setSaved(null);
    const change: Record<string, unknown> = {};
    if (draft.name !== undefined) change.name = draft.name;
    if (draft.target !== undefined) change.target = draft.target;
    if (draft.flow !== undefined) change.flow = flow;
    try {
      const updated = await patch<Strategy>(`/management/paywall-strategies/${encodeURIComponent(s.id)}`, change);
      setDraft({});
      setSaved(updated.version === s.version ? 'Nothing changed.' : `Saved: now version ${updated.version}.`);
      strategy.reload();
    } catch (e) {
      setError(messageOf(e));
    }
  };
  const value = (name: string, fallback: string) => draft[name] ?? fallback;
  const set = (name: string) => (text: string) => setDraft((d) => ({ ...d, [name]: text }));
  return (
    <>
      <PageHeading title={s ? `Strategy ${s.name}` : 'Strategy'} />
      <p>
        <a href={`${BASE}/paywalls`}>Back to paywalls and strategies</a>
      </p>
      <LoadState loaded={strategy} />
      {s ? (
        <>
          <p id="strategy-version">
            Version {s.version}, {s.status.toLowerCase()}, last changed {when(s.modifiedAt)}. Pages use the new version as soon as it is saved.
          </p>
          <dl class="facts">
            <dt>Strategy ID</dt>
            <dd>
              <code>{s.id}</code>
            </dd>
            <dt>Fingerprint</dt>
            <dd>
              <code>{s.fingerprint}</code>
            </dd>
          </dl>
          <div class="split">
            <form class="card form" aria-label="Edit strategy" onSubmit={save}>
              <fieldset disabled={!canWrite || s.status !== 'ACTIVE'}>
                <legend>{canWrite && s.status === 'ACTIVE' ? 'Edit' : 'The strategy (read only)'}</legend>
                <Field label="Name" name="name" value={value('name', s.name)} onInput={set('name')} />
                <Field label="For" name="target" value={value('target', s.target ?? '')} onInput={set('target')} />
                <Field
                  label="Flow (JSON)"
                  name="flow"
                  type="textarea"
                  value={value('flow', JSON.stringify(s.flow, null, 2))}
                  onInput={set('flow')}
                  hint="Conditions and paywalls joined by yes/no edges; the format is in the API reference (strategies). The service checks it when you save and lists every problem."
                />
                {canWrite && s.status === 'ACTIVE' ? (
                  <div class="actions">
                    <button type="submit">Save strategy</button>
                  </div>
                ) : null}
              </fieldset>
              <div aria-live="polite">
                <Notice error={error ?? flowError}>{saved}</Notice>
              </div>
            </form>
            <section class="card" aria-labelledby="outline-heading">
              <h2 id="outline-heading">The flow in words</h2>
              {flow ? <FlowOutline flow={flow} paywallName={paywallName} /> : <p>Fix the JSON to see the flow.</p>}
            </section>
          </div>
          {canWrite && s.status === 'ACTIVE' ? (
            <ActionButton
              label="Archive this strategy"
              danger
              confirm="Archive this strategy? Pages that ask for it get no paywall from it any more."
              run={async () => {
                await post(`/management/paywall-strategies/${encodeURIComponent(s.id)}/retire`);
                strategy.reload();
              }}
            />
          ) : null}
          <History<VersionSummary & { strategy: Strategy }>
            path={`/management/paywall-strategies/${encodeURIComponent(s.id)}`}
            noun="strategy"
            current={s.version}
            canRestore={canWrite && s.status === 'ACTIVE'}
            onRestored={() => {
              setDraft({});
              strategy.reload();
            }}
            render={(v) => (
              <>
                <dl class="facts">
                  <dt>Name</dt>
                  <dd>{v.strategy.name}</dd>
                  <dt>For</dt>
                  <dd>{v.strategy.target || '—'}</dd>
                  <dt>Fingerprint</dt>
                  <dd>
                    <code>{v.strategy.fingerprint}</code>
                  </dd>
                </dl>
                <FlowOutline flow={v.strategy.flow} paywallName={paywallName} id="version-flow-outline" />
                <details>
                  <summary>The flow as JSON</summary>
                  <pre id="version-flow">{JSON.stringify(v.strategy.flow, null, 2)}</pre>
                </details>
              </>
            )}
          />
        </>
      ) : null}
    </>
  );
}
