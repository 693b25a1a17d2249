import { useRef, useState } from 'preact/hooks';
import { del, get, post } from '../api';
import { BASE, navigate } from '../router';
import { ActionButton, ActionForm, firstWith, ConfirmStep, day, Field, LoadState, money, Notice, PageHeading, Table, useCan, useLoad, when } from '../ui';
import { Bill, Contract, ContractsTable } from './contracts';
import { ReaderTags, ReaderTallies, ReaderTransactions } from './reader-activity';
import { usePeople } from '../people';

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
  origin: { type: string; id: string | null; listId: string | null; name: string | null } | null;
}

interface AccessList {
  id: string;
  name: string;
  status: string;
}

interface ProductChoice {
  sku: string;
  title: string;
}

interface OptionChoice {
  id: string;
  name: string;
}

/** Said once on the readers page after an erasure moved there. */
let flash: string | null = null;

const ORIGINS: Record<string, string> = {
  PAYMENTS: 'a contract',
  EXTERNAL: 'a grant',
  MANUAL: 'set by hand',
  AUTO_ONBOARD: 'automatic sign-up access',
};

function originText(e: Entitlement): string {
  if (!e.origin) return '—';
  const kind = ORIGINS[e.origin.type] ?? e.origin.type.toLowerCase();
  return e.origin.name ? `${kind}: ${e.origin.name}` : kind;
}

/**
 * Gives the reader a product through an access-list grant for their e-mail
 * (origin EXTERNAL); a vendor without an access list gets one named
 * "Granted in the portal" first.
 */
function GrantAccess({ reader, onGranted }: { reader: Reader; onGranted: () => void }) {
  const lists = useLoad(() => get<AccessList[]>('/management/access-lists'), 'grant-lists');
  const products = useLoad(() => get<ProductChoice[]>('/management/products', { limit: 500 }), 'grant-products');
  const [sku, setSku] = useState('');
  const chosen = sku || products.data?.[0]?.sku || '';
  const options = useLoad(
    () => (chosen ? get<OptionChoice[]>(`/management/products/${encodeURIComponent(chosen)}/purchase-options`) : Promise.resolve([] as OptionChoice[])),
    `grant-options:${chosen}`,
  );
  if (products.data && products.data.length === 0) return <p>Add a product first (Products page): access is given to a product.</p>;
  const activeLists = (lists.data ?? []).filter((l) => l.status === 'ACTIVE');
  return (
    <ActionForm
      label="Grant access"
      submit="Grant access"
      onSubmit={async (v) => {
        if (!v.poId) throw new Error('Choose a purchase option: the product has none yet. Add one on the Products page.');
        let listId = v.listId;
        if (!listId) {
          const made = await post<AccessList>('/management/access-lists', { name: 'Granted in the portal', type: 'MANUAL', status: 'ACTIVE' });
          listId = made.id;
          lists.reload();
        }
        await post(`/management/access-lists/${encodeURIComponent(listId)}/grants`, {
          source: listId,
          email: reader.email,
          sku: chosen,
          poId: v.poId,
          status: 'ACTIVE',
          ...(v.endsAt ? { endsAt: new Date(`${v.endsAt}T00:00:00`).toISOString() } : {}),
        });
        onGranted();
        return `${reader.email} now has access to ${chosen}${v.endsAt ? ` until ${day(new Date(`${v.endsAt}T00:00:00`).toISOString())}` : ''}.`;
      }}
    >
      <h3>Grant access</h3>
      <p class="hint">Access is given through a grant on an access list, for this reader's e-mail. Revoking the grant ends it.</p>
      <LoadState loaded={products} />
      <div class="grid">
        <Field
          label="Product"
          name="sku"
          value={chosen}
          onInput={setSku}
          options={(products.data ?? []).map((p) => [p.sku, `${p.title} (${p.sku})`] as [string, string])}
        />
        <Field
          label="Purchase option"
          name="poId"
          options={(options.data ?? []).map((o) => [o.id, `${o.name} (${o.id})`] as [string, string])}
          hint={options.data && options.data.length === 0 ? 'This product has no purchase option yet.' : 'What the grant counts as (its price is not billed).'}
        />
        <Field
          label="Access list"
          name="listId"
          options={activeLists.length ? activeLists.map((l) => [l.id, l.name] as [string, string]) : [['', 'A new list: Granted in the portal']]}
        />
        <Field label="Until" name="endsAt" type="date" hint="Leave empty for access without an end." />
      </div>
    </ActionForm>
  );
}

const PAGE = 25;

export function ReadersPage() {
  const [search, setSearch] = useState(new URLSearchParams(location.search).get('q') ?? '');
  const [offset, setOffset] = useState(0);
  // Staff are the team (Team page), not readers: left out here.
  const readers = useLoad(() => get<Reader[]>('/management/users', { search, staff: false, limit: PAGE, offset }), `${search}|${offset}`);
  const said = useRef(flash);
  flash = null;
  return (
    <>
      <PageHeading title="Readers">
        Find a reader by e-mail, name or ID, and see their contracts, access, bills, transactions, tags and tallies. Staff are on the Team page, not
        here.
      </PageHeading>
      <div aria-live="polite" id="readers-message">
        <Notice>{said.current}</Notice>
      </div>
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
  const canGrant = useCan('access-lists:write');
  const canReadTransactions = useCan('transactions:read');
  const canReadUsers = useCan('users:read');
  const reader = useLoad(() => get<Reader>(`/management/users/${encodeURIComponent(id)}`), `reader:${id}`);
  const contracts = useLoad(() => get<Contract[]>('/management/contracts', { userId: id }), `contracts:${id}`);
  const entitlements = useLoad(() => get<Entitlement[]>('/management/entitlements', { userId: id, limit: 200 }), `entitlements:${id}`);
  const bills = useLoad(() => get<Bill[]>('/management/bills', { userId: id, limit: 100 }), `bills:${id}`);
  const [accessMessage, setAccessMessage] = useState<string | null>(null);
  const r = reader.data;
  const staff = usePeople(r ? [r.id] : []).get(id)?.staff ?? false;
  // A grant says so in its own form; a revoke says so below the table.
  const granted = () => {
    setAccessMessage(null);
    entitlements.reload();
  };
  // A refund changes the bill (REFUNDED, credited) and, when it ends the access, the contract and entitlements.
  const refunded = () => {
    bills.reload();
    contracts.reload();
    entitlements.reload();
  };
  const revoked = (message: string) => {
    setAccessMessage(message);
    entitlements.reload();
  };
  return (
    <>
      <PageHeading title={r ? r.email : 'Reader'} />
      <p>
        <a href={`${BASE}/readers`}>Back to readers</a>
      </p>
      <LoadState loaded={reader} />
      {r ? (
        <>
          {staff ? (
            <p class="note" id="reader-staff">
              A staff member of this publisher (see the Team page), not a reader.
            </p>
          ) : null}
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
            {contracts.data?.length ? <ContractsTable contracts={contracts.data} caption="Contracts of this reader" withReader={false} /> : null}
          </section>
          <section aria-labelledby="r-access">
            <h2 id="r-access">Access</h2>
            <LoadState loaded={entitlements} empty="No access to any product." />
            {entitlements.data?.length ? (
              <Table
                caption="Entitlements of this reader"
                id="entitlements"
                head={['Product', 'Access', 'From', 'Until']}
                rows={entitlements.data.map((e) => {
                  const row = [`${e.title} (${e.sku})`, e.hasAccess ? 'yes' : 'no', originText(e), day(e.expiresAt)];
                  if (!canGrant) return row;
                  const grant = e.origin?.type === 'EXTERNAL' && e.origin.id && e.origin.listId ? { id: e.origin.id, listId: e.origin.listId } : null;
                  return firstWith(
                    row,
                    grant && e.hasAccess ? (
                      <ActionButton
                        label="Revoke"
                        labelFor={`access to ${e.sku}`}
                        danger
                        run={async () => {
                          await del(`/management/access-lists/${encodeURIComponent(grant.listId)}/grants/${encodeURIComponent(grant.id)}`);
                          revoked(`The access to ${e.sku} is revoked.`);
                        }}
                      />
                    ) : e.origin?.type === 'PAYMENTS' ? (
                      <span class="muted">Ends with its contract</span>
                    ) : (
                      ''
                    ),
                  );
                })}
              />
            ) : null}
            <div aria-live="polite" id="access-message">
              <Notice>{accessMessage}</Notice>
            </div>
            {canGrant ? <GrantAccess reader={r} onGranted={granted} /> : null}
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
          {canReadTransactions ? (
            <ReaderTransactions userId={r.id} billOf={(billId) => bills.data?.find((b) => b.id === billId) ?? null} onRefunded={refunded} />
          ) : null}
          {canReadUsers ? (
            <>
              <ReaderTags userId={r.id} />
              <ReaderTallies userId={r.id} />
            </>
          ) : null}
          {canErase ? (
            <section aria-labelledby="r-erase">
              <h2 id="r-erase">Erase the account</h2>
              <p>Removes the reader's personal data for good, in every part of the service. Contracts and bills stay, without the person.</p>
              <ConfirmStep
                id="erase-reader"
                open="Erase this account"
                title={`Erase the account of ${r.email}?`}
                yes="Yes, erase the account"
                no="Keep the account"
                run={async () => {
                  await del(`/management/users/${encodeURIComponent(r.id)}`);
                  flash = `The account of ${r.email} is erased.`;
                  navigate('/readers');
                }}
              >
                <p>
                  <strong>This cannot be undone.</strong> The person can no longer sign in with this account, and their running subscriptions are set to
                  cancel.
                </p>
              </ConfirmStep>
            </section>
          ) : null}
        </>
      ) : null}
    </>
  );
}
