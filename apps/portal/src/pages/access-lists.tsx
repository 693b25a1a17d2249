import { useState } from 'preact/hooks';
import { api, del, get, post } from '../api';
import { BASE } from '../router';
import { ActionButton, ActionForm, day, Field, LoadState, messageOf, Notice, PageHeading, ReadOnlyNote, Table, useCan, useLoad } from '../ui';

interface AccessList {
  id: string;
  name: string;
  description: string | null;
  type: string;
  status: string;
  createdAt: string;
}

interface Grant {
  id: string;
  email: string;
  sku: string;
  poId: string;
  status: string;
  startsAt: string | null;
  endsAt: string | null;
  userId: string | null;
}

interface ImportResult {
  created: number;
  updated: number;
  errors: { row: number; field: string; code: string; message: string }[];
}

const CSV_EXAMPLE = 'email,sku,poId,startsAt,endsAt\nrita.reader@example.com,news,news-yearly,2026-01-01,2027-01-01';

function CsvImport({ list, onImported }: { list: AccessList; onImported: () => void }) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      const answer = await api<ImportResult>('POST', `/management/access-lists/${encodeURIComponent(list.id)}/grants/import`, text, 'text/csv');
      setResult(answer);
      onImported();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form class="card form" aria-label="Import grants from CSV" onSubmit={submit}>
      <h3>Import grants from a CSV file</h3>
      <p class="muted">
        The first row names the columns: <code>email</code>, <code>sku</code> and <code>poId</code> are required; <code>startsAt</code>, <code>endsAt</code>,{' '}
        <code>firstName</code>, <code>lastName</code> and <code>notes</code> are optional. Importing the same file again changes nothing.
      </p>
      <div class="field">
        <label for="csv-file">CSV file</label>
        <input
          id="csv-file"
          type="file"
          accept=".csv,text/csv"
          onChange={async (e) => {
            const file = e.currentTarget.files?.[0];
            if (file) setText(await file.text());
          }}
        />
      </div>
      <div class="field">
        <label for="csv-text">Or paste the rows</label>
        <textarea id="csv-text" rows={6} value={text} placeholder={CSV_EXAMPLE} onInput={(e) => setText(e.currentTarget.value)} />
      </div>
      <div class="actions">
        <button type="submit" disabled={busy || !text.trim()}>
          {busy ? 'Importing…' : 'Import'}
        </button>
      </div>
      <div aria-live="polite" id="import-result">
        <Notice error={error}>
          {result ? `${result.created} created, ${result.updated} updated, ${result.errors.length} row${result.errors.length === 1 ? '' : 's'} with problems.` : null}
        </Notice>
        {result?.errors.length ? (
          <Table
            caption="Rows that were not imported"
            id="import-errors"
            head={['Line', 'Column', 'Problem']}
            rows={result.errors.map((e) => [String(e.row), e.field, e.message])}
          />
        ) : null}
      </div>
    </form>
  );
}

function ListDetail({ list }: { list: AccessList }) {
  const canWrite = useCan('access-lists:write');
  const grants = useLoad(() => get<Grant[]>(`/management/access-lists/${encodeURIComponent(list.id)}/grants`), `grants:${list.id}`);
  return (
    <section aria-labelledby="list-heading" class="card">
      <h2 id="list-heading">
        {list.name} <span class="muted">({list.status.toLowerCase()})</span>
      </h2>
      {list.description ? <p>{list.description}</p> : null}
      <LoadState loaded={grants} empty="No grants on this list yet." />
      {grants.data?.length ? (
        <Table
          caption={`Grants of ${list.name}`}
          id="grants"
          head={['E-mail', 'Product', 'Status', 'From', 'Until', 'Account', '']}
          rows={grants.data.map((g) => [
            g.email,
            `${g.sku} (${g.poId})`,
            g.status.toLowerCase(),
            day(g.startsAt),
            day(g.endsAt),
            g.userId ? <a href={`${BASE}/readers/${encodeURIComponent(g.userId)}`}>reader</a> : 'not signed up yet',
            canWrite ? (
              <ActionButton
                label="Revoke"
                danger
                confirm={`Revoke the access of ${g.email}?`}
                run={async () => {
                  await del(`/management/access-lists/${encodeURIComponent(list.id)}/grants/${encodeURIComponent(g.id)}`);
                  grants.reload();
                }}
              />
            ) : (
              ''
            ),
          ])}
        />
      ) : null}
      {canWrite ? (
        <>
          <ActionForm
            label="Grant access"
            submit="Grant"
            onSubmit={async (v) => {
              await post(`/management/access-lists/${encodeURIComponent(list.id)}/grants`, {
                source: list.id,
                email: v.email,
                sku: v.sku,
                poId: v.poId,
                status: 'ACTIVE',
                ...(v.startsAt ? { startsAt: new Date(v.startsAt).toISOString() } : {}),
                ...(v.endsAt ? { endsAt: new Date(v.endsAt).toISOString() } : {}),
              });
              grants.reload();
              return `${v.email} has access to ${v.sku}.`;
            }}
          >
            <h3>Grant one person access</h3>
            <div class="grid">
              <Field label="E-mail" name="email" type="email" required />
              <Field label="Product SKU" name="sku" required />
              <Field label="Purchase option ID" name="poId" required />
              <Field label="From" name="startsAt" type="date" />
              <Field label="Until" name="endsAt" type="date" />
            </div>
          </ActionForm>
          <CsvImport list={list} onImported={grants.reload} />
        </>
      ) : null}
    </section>
  );
}

export function AccessListsPage({ selected }: { selected?: string }) {
  const canWrite = useCan('access-lists:write');
  const lists = useLoad(() => get<AccessList[]>('/management/access-lists'), 'lists');
  const current = lists.data?.find((l) => l.id === selected);
  return (
    <>
      <PageHeading title="Access lists">Give people access by e-mail without a purchase: libraries, schools, partners, staff.</PageHeading>
      <ReadOnlyNote scope="access-lists:write" />
      <LoadState loaded={lists} empty="No access lists yet." />
      {lists.data?.length ? (
        <Table
          caption="Access lists"
          id="access-lists"
          head={['Name', 'Status', 'Created']}
          rows={lists.data.map((l) => [
            <a href={`${BASE}/access-lists/${encodeURIComponent(l.id)}`} aria-current={l.id === selected ? 'true' : undefined}>
              {l.name}
            </a>,
            l.status.toLowerCase(),
            day(l.createdAt),
          ])}
        />
      ) : null}
      {canWrite ? (
        <ActionForm
          label="New access list"
          submit="Create access list"
          onSubmit={async (v) => {
            await post('/management/access-lists', { name: v.name, description: v.description || undefined, type: 'MANUAL', status: v.status });
            lists.reload();
            return `Access list ${v.name} created.`;
          }}
        >
          <div class="grid">
            <Field label="Name" name="name" required />
            <Field label="Description" name="description" />
            <Field label="Status" name="status" options={[['ACTIVE', 'Active: grants give access'], ['DRAFT', 'Draft: no access yet']]} />
          </div>
        </ActionForm>
      ) : null}
      {selected && lists.data && !current ? <Notice error="No such access list." /> : null}
      {current ? <ListDetail list={current} key={current.id} /> : null}
    </>
  );
}
