import { useState } from 'preact/hooks';
import { del, get } from '../api';
import { BASE, navigate } from '../router';
import { ActionButton, day, LoadState, money, PageHeading, Table, useCan, useLoad, when } from '../ui';
import { Bill, Contract, ContractsTable } from './contracts';

interface Reader {
  id: string;
  email: string;
  name: string | null;
  createdAt: string;
  updatedAt: string;
}

interface Entitlement {
  id: string;
  sku: string;
  title: string;
  type: string;
  hasAccess: boolean;
  expiresAt: string | null;
  origin: { type: string; name: string | null } | null;
}

const PAGE = 25;

export function ReadersPage() {
  const [search, setSearch] = useState(new URLSearchParams(location.search).get('q') ?? '');
  const [offset, setOffset] = useState(0);
  const readers = useLoad(() => get<Reader[]>('/management/users', { search, limit: PAGE, offset }), `${search}|${offset}`);
  return (
    <>
      <PageHeading title="Readers">Find a reader by e-mail, name or ID, and see their contracts, access and bills.</PageHeading>
      <form
        role="search"
        class="search"
        onSubmit={(e) => {
          e.preventDefault();
          const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
          // An ID opens the reader at once.
          if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(q)) return navigate(`/readers/${q}`);
          setOffset(0);
          setSearch(q);
        }}
      >
        <label for="reader-search">E-mail, name or reader ID</label>
        <input id="reader-search" name="q" type="search" value={search} />
        <button type="submit">Search</button>
      </form>
      <LoadState loaded={readers} empty="No reader matches." />
      <div aria-live="polite">
        {readers.data?.length ? (
          <Table
            caption="Readers"
            id="readers"
            head={['E-mail', 'Name', 'Since']}
            rows={readers.data.map((r) => [<a href={`${BASE}/readers/${encodeURIComponent(r.id)}`}>{r.email}</a>, r.name ?? '—', day(r.createdAt)])}
          />
        ) : null}
      </div>
      <nav aria-label="Pages of readers" class="pager">
        <button type="button" class="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          Previous
        </button>
        <button type="button" class="secondary" disabled={(readers.data?.length ?? 0) < PAGE} onClick={() => setOffset(offset + PAGE)}>
          Next
        </button>
      </nav>
    </>
  );
}

export function ReaderPage({ id }: { id: string }) {
  const canErase = useCan('users:write');
  const reader = useLoad(() => get<Reader>(`/management/users/${encodeURIComponent(id)}`), `reader:${id}`);
  const contracts = useLoad(() => get<Contract[]>('/management/contracts', { userId: id }), `contracts:${id}`);
  const entitlements = useLoad(() => get<Entitlement[]>('/management/entitlements', { userId: id, limit: 200 }), `entitlements:${id}`);
  const bills = useLoad(() => get<Bill[]>('/management/bills', { userId: id, limit: 100 }), `bills:${id}`);
  const r = reader.data;
  return (
    <>
      <PageHeading title={r ? r.email : 'Reader'} />
      <p>
        <a href={`${BASE}/readers`}>Back to readers</a>
      </p>
      <LoadState loaded={reader} />
      {r ? (
        <>
          <dl class="facts">
            <dt>Name</dt>
            <dd>{r.name ?? '—'}</dd>
            <dt>Reader ID</dt>
            <dd>
              <code>{r.id}</code>
            </dd>
            <dt>Since</dt>
            <dd>{when(r.createdAt)}</dd>
          </dl>
          <section aria-labelledby="r-contracts">
            <h2 id="r-contracts">Contracts</h2>
            <LoadState loaded={contracts} empty="No contracts." />
            {contracts.data?.length ? <ContractsTable contracts={contracts.data} caption="Contracts of this reader" /> : null}
          </section>
          <section aria-labelledby="r-access">
            <h2 id="r-access">Access</h2>
            <LoadState loaded={entitlements} empty="No access to any product." />
            {entitlements.data?.length ? (
              <Table
                caption="Entitlements of this reader"
                head={['Product', 'Access', 'From', 'Until']}
                rows={entitlements.data.map((e) => [
                  `${e.title} (${e.sku})`,
                  e.hasAccess ? 'yes' : 'no',
                  e.origin ? `${e.origin.type.toLowerCase()}${e.origin.name ? `: ${e.origin.name}` : ''}` : '—',
                  day(e.expiresAt),
                ])}
              />
            ) : null}
          </section>
          <section aria-labelledby="r-bills">
            <h2 id="r-bills">Bills</h2>
            <LoadState loaded={bills} empty="No bills." />
            {bills.data?.length ? (
              <Table
                caption="Bills of this reader"
                head={['Invoice', 'Amount', 'Status', 'Issued']}
                rows={bills.data.map((b) => [b.invoiceNumber ?? '—', money(b.price, b.currency), b.status.toLowerCase(), day(b.createdAt)])}
              />
            ) : null}
          </section>
          {canErase ? (
            <section aria-labelledby="r-erase">
              <h2 id="r-erase">Erase the account</h2>
              <p>Removes the reader's personal data for good. Bills keep what the law requires.</p>
              <ActionButton
                label="Erase this account"
                danger
                confirm={`Erase the account of ${r.email}? This cannot be undone.`}
                run={async () => {
                  await del(`/management/users/${encodeURIComponent(r.id)}`);
                  navigate('/readers');
                }}
              />
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
