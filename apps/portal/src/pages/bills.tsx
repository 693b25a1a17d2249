import { useState } from 'preact/hooks';
import { get } from '../api';
import { PersonCell, usePeople } from '../people';
import { BASE } from '../router';
import { day, Field, LoadState, money, PageHeading, Table, useLoad } from '../ui';
import { readerQuery } from './contracts';

/** A bill as `GET /management/bills` answers it (`price` in major units). */
interface LedgerBill {
  id: string;
  contractId: string;
  userId: string;
  payerId: string | null;
  invoiceNumber: string | null;
  items: { sku: string; title: string }[];
  price: number;
  currency: string;
  status: string;
  createdAt: string;
}

const STATUSES = ['DRAFT', 'OPEN', 'PAID', 'VOID', 'EXPIRED', 'REFUNDED'];
const PAGE = 25;

/**
 * The vendor's bills, newest first (`GET /management/bills`): the invoice
 * number, who the bill is for (and who pays, when someone else does), what
 * it is for, the amount and its state; found by the reader's e-mail.
 */
export function BillsPage() {
  const [filters, setFilters] = useState({ status: '', reader: new URLSearchParams(location.search).get('reader') ?? '' });
  const [offset, setOffset] = useState(0);
  const bills = useLoad(
    () => get<LedgerBill[]>('/management/bills', { status: filters.status, ...readerQuery(filters.reader), limit: PAGE, offset }),
    `${filters.status}|${filters.reader}|${offset}`,
  );
  const people = usePeople((bills.data ?? []).flatMap((b) => [b.userId, b.payerId]));
  return (
    <>
      <PageHeading title="Bills">Every bill of every reader, newest first: what was asked for, from whom, and whether it is paid.</PageHeading>
      <form
        class="filters"
        aria-label="Filter bills"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          setOffset(0);
          setFilters({ status: String(data.get('status') ?? ''), reader: String(data.get('reader') ?? '').trim() });
        }}
      >
        <Field label="Status" name="status" options={[['', 'Any status'], ...STATUSES.map((s): [string, string] => [s, s.toLowerCase()])]} />
        <Field label="Reader's e-mail or ID" name="reader" type="search" value={filters.reader} hint="The whole e-mail address; a payer finds the bills they pay." />
        <div class="actions">
          <button type="submit">Filter</button>
        </div>
      </form>
      <LoadState loaded={bills} empty={filters.reader ? `No bills of ${filters.reader} match.` : 'No bills match.'} />
      <div aria-live="polite">
        {bills.data?.length ? (
          <Table
            caption={`Bills ${offset + 1} to ${offset + bills.data.length}`}
            id="ledger-bills"
            head={['Invoice', 'Reader', 'For', 'Amount', 'Status', 'Issued']}
            rows={bills.data.map((b) => [
              b.invoiceNumber ?? '—',
              <>
                <PersonCell userId={b.userId} people={people} />
                {b.payerId ? (
                  <span class="person-email">
                    paid by <PersonCell userId={b.payerId} people={people} />
                  </span>
                ) : null}
              </>,
              <a href={`${BASE}/contracts/${encodeURIComponent(b.contractId)}`}>{b.items.map((i) => i.title).join(', ') || 'Contract'}</a>,
              money(b.price, b.currency),
              b.status.toLowerCase(),
              day(b.createdAt),
            ])}
          />
        ) : null}
      </div>
      <nav aria-label="Pages of bills" class="pager">
        <button type="button" class="secondary" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          Newer
        </button>
        <button type="button" class="secondary" disabled={(bills.data?.length ?? 0) < PAGE} onClick={() => setOffset(offset + PAGE)}>
          Older
        </button>
      </nav>
    </>
  );
}
