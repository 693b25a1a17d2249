import { useRef, useState } from 'preact/hooks';
import { del, get, post } from '../api';
import { BASE, navigate } from '../router';
import { Email, PersonCell, usePeople } from '../people';
import { ActionButton, ActionForm, ConfirmStep, day, Field, LoadState, money, Notice, PageHeading, ReadOnlyNote, Table, useCan, useLoad, when } from '../ui';

export interface Contract {
  id: string;
  name: string;
  userId: string;
  createdAt: string;
  confirmedAt: string | null;
  price: number;
  nextBillAt: string | null;
  nextPrice: number | null;
  currency: string;
  contractDuration: string;
  items: { sku: string; purchaseOptionId: string; purchaseOptionName: string; name: string; productType: string; quantity: number; seats: number; isMultiseat: boolean }[];
  status: string;
  recurringInterval: string | null;
  recurringTime: number | null;
  willCancelAt: string | null;
  cancelRequestedAt?: string | null;
  cancelReason?: string | null;
  origin: { type: string; id: string | null } | null;
}

export interface Bill {
  id: string;
  contractId: string;
  userId: string;
  payerId: string | null;
  price: number;
  currency: string;
  status: string;
  invoiceNumber: string | null;
  createdAt: string;
}

interface SeatUser {
  userId: string;
  sku: string;
  status: string;
  email: string | null;
  fullName: string | null;
}

const STATUSES = ['PENDING', 'ACTIVE', 'FORTHCOMING', 'OVERDUE', 'CANCELED'];
const PAGE = 25;

export function contractLink(c: Contract) {
  return <a href={`${BASE}/contracts/${encodeURIComponent(c.id)}`}>{c.name}</a>;
}

/** A contract's state in words: a contract set to cancel at the end of its period "ends on" that day, not "active". */
export function contractState(c: Pick<Contract, 'status' | 'willCancelAt'>): string {
  if (c.status !== 'CANCELED' && c.willCancelAt) return `ends on ${day(c.willCancelAt)}`;
  return c.status.toLowerCase();
}

/** An e-mail (the server's `email` filter) or else a reader ID (`userId`), from one search field. */
export function readerQuery(text: string): { email?: string; userId?: string } {
  const value = text.trim();
  if (!value) return {};
  return value.includes('@') ? { email: value } : { userId: value };
}

/** Contracts, with their reader (name and e-mail) unless the list is one reader's own. */
export function ContractsTable({ contracts, caption, withReader = true }: { contracts: Contract[]; caption: string; withReader?: boolean }) {
  const people = usePeople(withReader ? contracts.map((c) => c.userId) : []);
  const row = (c: Contract) => [contractLink(c), contractState(c), money(c.price, c.currency), day(c.nextBillAt), day(c.createdAt)];
  return (
    <Table
      caption={caption}
      id="contracts"
      head={withReader ? ['Contract', 'Reader', 'Status', 'Price', 'Next bill', 'Created'] : ['Contract', 'Status', 'Price', 'Next bill', 'Created']}
      rows={contracts.map((c) => {
        const [name, ...rest] = row(c);
        return withReader ? [name, <PersonCell userId={c.userId} people={people} />, ...rest] : [name, ...rest];
      })}
    />
  );
}

function CreateContract() {
  return (
    <details class="card">
      <summary>New invoiced contract</summary>
      <ActionForm
        label="New invoiced contract"
        submit="Create contract"
        onSubmit={async (v) => {
          const contract = await post<Contract>('/management/contracts', {
            sku: v.sku,
            purchaseOptionId: v.purchaseOptionId,
            contractType: v.companyName ? 'BUSINESS' : 'PERSONAL',
            user: {
              email: v.email,
              ...(v.firstName ? { firstName: v.firstName } : {}),
              ...(v.lastName ? { lastName: v.lastName } : {}),
              ...(v.companyName ? { businessDetails: { companyName: v.companyName, ...(v.vatNr ? { vatNr: v.vatNr } : {}) } } : {}),
            },
            payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', ...(v.country ? { country: v.country.toUpperCase() } : {}) },
            ...(v.seats ? { seats: Number(v.seats) } : {}),
            confirm: v.confirm === 'yes',
          });
          navigate(`/contracts/${encodeURIComponent(contract.id)}`);
          return `Contract created.`;
        }}
      >
        <div class="grid">
          <Field label="Product SKU" name="sku" required />
          <Field label="Purchase option ID" name="purchaseOptionId" required />
          <Field label="Customer e-mail" name="email" type="email" required />
          <Field label="First name" name="firstName" />
          <Field label="Last name" name="lastName" />
          <Field label="Company name" name="companyName" hint="Makes it a business contract." />
          <Field label="VAT number" name="vatNr" />
          <Field label="Country" name="country" hint="Two letters, e.g. SE." />
          <Field label="Seats" name="seats" type="number" min="1" hint="For a multi-seat purchase option." />
          <Field label="Confirm now" name="confirm" options={[['no', 'No, leave it pending'], ['yes', 'Yes, confirm and bill it']]} />
        </div>
      </ActionForm>
    </details>
  );
}

export function ContractsPage() {
  const canWrite = useCan('contracts:write');
  const [filters, setFilters] = useState({ status: '', reader: new URLSearchParams(location.search).get('reader') ?? '' });
  const [offset, setOffset] = useState(0);
  const contracts = useLoad(
    () => get<Contract[]>('/management/contracts', { status: filters.status, ...readerQuery(filters.reader), limit: PAGE, offset }),
    `${filters.status}|${filters.reader}|${offset}`,
  );
  return (
    <>
      <PageHeading title="Contracts">Subscriptions and invoiced agreements, newest first.</PageHeading>
      <ReadOnlyNote scope="contracts:write" />
      {canWrite ? <CreateContract /> : null}
      <form
        class="filters"
        aria-label="Filter contracts"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          setOffset(0);
          setFilters({ status: String(data.get('status') ?? ''), reader: String(data.get('reader') ?? '').trim() });
        }}
      >
        <Field label="Status" name="status" options={[['', 'Any status'], ...STATUSES.map((s): [string, string] => [s, s.toLowerCase()])]} />
        <Field label="Reader's e-mail or ID" name="reader" type="search" value={filters.reader} hint="The whole e-mail address." />
        <div class="actions">
          <button type="submit">Filter</button>
        </div>
      </form>
      <LoadState loaded={contracts} empty={filters.reader ? `No contracts of ${filters.reader} match.` : 'No contracts match.'} />
      <div aria-live="polite">{contracts.data?.length ? <ContractsTable contracts={contracts.data} caption={`Contracts ${offset + 1} to ${offset + contracts.data.length}`} /> : null}</div>
      <nav aria-label="Pages of contracts" class="pager">
        <button type="button" class="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          Newer
        </button>
        <button type="button" class="secondary" disabled={(contracts.data?.length ?? 0) < PAGE} onClick={() => setOffset(offset + PAGE)}>
          Older
        </button>
      </nav>
    </>
  );
}

function Seats({ contract, canWrite }: { contract: Contract; canWrite: boolean }) {
  const seats = useLoad(() => get<SeatUser[]>(`/management/contracts/${encodeURIComponent(contract.id)}/seats/users`), `seats:${contract.id}`);
  const total = contract.items.reduce((sum, item) => sum + item.seats, 0);
  return (
    <section aria-labelledby="seats-heading">
      <h2 id="seats-heading">Seats</h2>
      <p>
        {total} seat{total === 1 ? '' : 's'} in this contract{seats.data ? `, ${seats.data.length} assigned` : ''}.
      </p>
      <LoadState loaded={seats} empty="No seat is assigned yet." />
      {seats.data?.length ? (
        <Table
          caption="Seat users"
          id="seat-users"
          head={['E-mail', 'Name', 'Product', 'Status', '']}
          rows={seats.data.map((s) => [
            s.email ? <Email address={s.email} /> : s.userId,
            s.fullName ?? '—',
            s.sku,
            s.status.toLowerCase(),
            canWrite ? (
              <ActionButton
                label="Remove"
                danger
                confirm={`Take the seat from ${s.email ?? s.userId}?`}
                run={async () => {
                  await del(`/management/contracts/${encodeURIComponent(contract.id)}/seats/users/${encodeURIComponent(s.userId)}`);
                  seats.reload();
                }}
              />
            ) : (
              ''
            ),
          ])}
        />
      ) : null}
      {canWrite ? (
        <ActionForm
          label="Assign a seat"
          submit="Assign seat"
          onSubmit={async (v) => {
            await post(`/management/contracts/${encodeURIComponent(contract.id)}/seats/users`, { email: v.email });
            seats.reload();
            return `Seat assigned to ${v.email}.`;
          }}
        >
          <Field label="E-mail of the seat user" name="email" type="email" required />
        </ActionForm>
      ) : null}
    </section>
  );
}

/** What a cancel will do to this contract, in words (the service decides; this says it before asking). */
function cancelOutcome(c: Contract): string {
  if (c.status === 'PENDING') return 'It is not confirmed yet, so it ends at once and nothing is billed.';
  if (c.recurringInterval && c.nextBillAt && new Date(c.nextBillAt).getTime() > Date.now()) {
    return `It runs to the end of the paid period (${when(c.nextBillAt)}) and then ends: the reader and seat holders keep their access until then, and no further bill is issued.`;
  }
  return 'It ends at once: the reader and any seat holders lose the access it gives.';
}

export function ContractPage({ id }: { id: string }) {
  const canWrite = useCan('contracts:write');
  const contract = useLoad(() => get<Contract>(`/management/contracts/${encodeURIComponent(id)}`), `contract:${id}`);
  const bills = useLoad(
    () => (contract.data ? get<Bill[]>('/management/bills', { userId: contract.data.userId, limit: 100 }) : Promise.resolve([] as Bill[])),
    `bills:${contract.data?.id ?? ''}:${contract.data?.status ?? ''}`,
  );
  const [message, setMessage] = useState<string | null>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const c = contract.data;
  const people = usePeople(c ? [c.userId] : []);
  return (
    <>
      <PageHeading title={c ? c.name : 'Contract'} />
      <p>
        <a href={`${BASE}/contracts`}>Back to contracts</a>
      </p>
      <LoadState loaded={contract} />
      {c ? (
        <>
          <dl class="facts" id="contract-facts">
            <dt>Status</dt>
            <dd id="contract-status">{contractState(c)}</dd>
            <dt>Reader</dt>
            <dd id="contract-reader">
              <PersonCell userId={c.userId} people={people} />
            </dd>
            <dt>Price</dt>
            <dd>
              {money(c.price, c.currency)}
              {c.recurringInterval
                ? (c.recurringTime ?? 1) === 1
                  ? ` every ${c.recurringInterval.toLowerCase()}`
                  : ` every ${c.recurringTime} ${c.recurringInterval.toLowerCase()}s`
                : ''}
            </dd>
            <dt>Products</dt>
            <dd>{c.items.map((i) => `${i.name} (${i.purchaseOptionName}) × ${i.quantity}`).join(', ')}</dd>
            <dt>Created</dt>
            <dd>{when(c.createdAt)}</dd>
            <dt>Confirmed</dt>
            <dd>{when(c.confirmedAt)}</dd>
            <dt>Next bill</dt>
            <dd>{when(c.nextBillAt)}</dd>
            <dt>Ends</dt>
            <dd id="contract-ends">{c.status === 'CANCELED' ? 'Ended' : c.willCancelAt ? `On ${when(c.willCancelAt)} (set to cancel)` : c.recurringInterval ? 'Renews until canceled' : '—'}</dd>
            {c.cancelReason ? (
              <>
                <dt>Cancel reason</dt>
                <dd>
                  {c.cancelReason}
                  {c.cancelRequestedAt ? `, asked ${when(c.cancelRequestedAt)}` : ''}
                </dd>
              </>
            ) : null}
          </dl>
          {canWrite && c.status === 'PENDING' ? (
            <ActionButton
              label="Confirm contract"
              run={async () => {
                await post(`/management/contracts/${encodeURIComponent(c.id)}/confirm`);
                setMessage('Contract confirmed: the first bill is issued.');
                contract.reload();
              }}
            />
          ) : null}
          {canWrite && c.status !== 'CANCELED' && !c.willCancelAt ? (
            <div class="actions">
              <ConfirmStep
                id="cancel-contract"
                open="Cancel contract"
                title="Cancel this contract?"
                yes="Yes, cancel the contract"
                no="Keep the contract"
                run={async (v) => {
                  const done = await post<Contract>(`/management/contracts/${encodeURIComponent(c.id)}/cancel`, {
                    ...(v.reason ? { reason: v.reason } : {}),
                    ...(v.comment ? { comment: v.comment } : {}),
                  });
                  setMessage(
                    done.status === 'CANCELED'
                      ? 'The contract is canceled. Its access and seats end now.'
                      : `The contract is set to cancel on ${when(done.willCancelAt)}. Access and seats last until then; no further bill is issued.`,
                  );
                  contract.reload();
                  requestAnimationFrame(() => messageRef.current?.focus());
                }}
              >
                <p>{cancelOutcome(c)}</p>
                <Field label="Reason" name="reason" hint="Kept with the contract as its cancel reason, e.g. CUSTOMER_REQUEST. Empty: VENDOR_REQUEST." />
                <Field label="Comment" name="comment" type="textarea" hint="For the service log only; not shown to the reader." />
              </ConfirmStep>
            </div>
          ) : null}
          <div aria-live="polite" tabIndex={-1} ref={messageRef} id="contract-message">
            <Notice>{message}</Notice>
          </div>
          <section aria-labelledby="bills-heading">
            <h2 id="bills-heading">Bills</h2>
            <LoadState loaded={bills} />
            {bills.data ? (
              bills.data.filter((b) => b.contractId === c.id).length ? (
                <Table
                  caption="Bills of this contract"
                  id="bills"
                  head={['Invoice', 'Amount', 'Status', 'Issued']}
                  rows={bills.data
                    .filter((b) => b.contractId === c.id)
                    .map((b) => [b.invoiceNumber ?? '—', money(b.price, b.currency), b.status.toLowerCase(), day(b.createdAt)])}
                />
              ) : (
                <p>No bills yet.</p>
              )
            ) : null}
          </section>
          {c.items.some((i) => i.isMultiseat || i.productType === 'license') ? <Seats contract={c} canWrite={canWrite} /> : null}
        </>
      ) : null}
    </>
  );
}
