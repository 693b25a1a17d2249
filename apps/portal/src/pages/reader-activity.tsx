import { get } from '../api';
import { LoadState, money, Table, useLoad, when } from '../ui';

/** A transaction as `GET /management/transactions` answers it (interface 2.6a; `amount` in major units). */
interface Transaction {
  id: string;
  amount: number;
  currency: string;
  contractId: string;
  isRefund: boolean;
  userId: string;
  billId: string;
  createdAt: string;
  updatedAt: string;
}

const newestFirst = (a: Transaction, b: Transaction) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0);

/**
 * The reader's transactions, newest first: when, how much, payment or
 * refund, and the bill it paid (by invoice number when the bills list has
 * it, else by the bill's ID). Needs `transactions:read`.
 */
export function ReaderTransactions({ userId, invoiceOf }: { userId: string; invoiceOf: (billId: string) => string | null }) {
  const transactions = useLoad(() => get<Transaction[]>('/management/transactions', { userId, limit: 100 }), `transactions:${userId}`);
  const rows = [...(transactions.data ?? [])].sort(newestFirst);
  return (
    <section aria-labelledby="r-transactions">
      <h2 id="r-transactions">Transactions</h2>
      <LoadState loaded={transactions} empty="No transactions: no money has moved for this reader." />
      {rows.length ? (
        <Table
          caption="Transactions of this reader, newest first"
          id="transactions"
          head={['Date', 'Amount', 'Type', 'Bill']}
          rows={rows.map((t) => {
            const invoice = invoiceOf(t.billId);
            return [
              when(t.createdAt),
              t.isRefund ? `−${money(t.amount, t.currency)}` : money(t.amount, t.currency),
              t.isRefund ? 'refund' : 'payment',
              invoice ? `Invoice ${invoice}` : <code>{t.billId}</code>,
            ];
          })}
        />
      ) : null}
    </section>
  );
}

/** The reader's tags (`GET /management/users/{id}/tags`), oldest first, read only. Needs `users:read`. */
export function ReaderTags({ userId }: { userId: string }) {
  const tags = useLoad(() => get<string[]>(`/management/users/${encodeURIComponent(userId)}/tags`), `tags:${userId}`);
  return (
    <section aria-labelledby="r-tags">
      <h2 id="r-tags">Tags</h2>
      <p class="hint">Labels a site set on this reader (interests, segments). Sites set them; they are shown here to read.</p>
      <LoadState loaded={tags} empty="No tags." />
      {tags.data?.length ? (
        <ul id="tags" aria-labelledby="r-tags">
          {tags.data.map((tag) => (
            <li>
              <code>{tag}</code>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The reader's live tallies (`GET /management/users/{id}/tallies`): each tally's values, oldest first. Needs `users:read`. */
export function ReaderTallies({ userId }: { userId: string }) {
  const tallies = useLoad(() => get<Record<string, string[]>>(`/management/users/${encodeURIComponent(userId)}/tallies`), `tallies:${userId}`);
  const entries = Object.entries(tallies.data ?? {});
  return (
    <section aria-labelledby="r-tallies">
      <h2 id="r-tallies">Tallies</h2>
      <p class="hint">Short lists a site keeps on this reader (articles read, offers seen). Expired tallies are not shown.</p>
      <LoadState loaded={tallies} />
      {tallies.data && entries.length === 0 ? <p>No tallies.</p> : null}
      {entries.length ? (
        <Table
          caption="Tallies of this reader"
          id="tallies"
          head={['Tally', 'Values, oldest first']}
          rows={entries.map(([id, values]) => [<code>{id}</code>, values.length ? values.join(', ') : 'none'])}
        />
      ) : null}
    </section>
  );
}
