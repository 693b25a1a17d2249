import { useState } from 'preact/hooks';
import { download, get } from '../api';
import { firstWith, LoadState, messageOf, money, Notice, Table, useCan, useLoad, when } from '../ui';
import { RefundButton } from './refund-dialog';

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

/** What the transactions list needs of a bill: its invoice number and its state. */
export interface BillFacts {
  invoiceNumber: string | null;
  status: string;
}

/** What is left to refund of a payment: its amount less the refunds on its bill (a bill is paid by one payment), as the API counts it. */
export function remainingOf(payment: Transaction, all: readonly Transaction[]): number {
  if (payment.isRefund) return 0;
  const refunded = all.filter((t) => t.isRefund && t.billId === payment.billId).reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
  return Math.max(Math.round(payment.amount * 100) - refunded, 0) / 100;
}

/** A credit note of a bill, as `GET /management/bills/{id}/credit-notes` lists it (`total` negative, major units). */
interface CreditNote {
  number: string;
  total: number;
  currency: string;
}

/** The credit notes of a refunded bill, one per refund: each a PDF to download. */
function CreditNotes({ billId, refunds }: { billId: string; refunds: number }) {
  const [error, setError] = useState<string | null>(null);
  // Keyed by the number of refunds: a new refund brings a new credit note.
  const notes = useLoad(() => get<CreditNote[]>(`/management/bills/${encodeURIComponent(billId)}/credit-notes`), `credit-notes:${billId}:${refunds}`);
  return (
    <>
      {(notes.data ?? []).map((note) => (
        <button
          type="button"
          class="link"
          onClick={() =>
            download(`/management/bills/${encodeURIComponent(billId)}/invoice?kind=CREDIT_NOTE&number=${encodeURIComponent(note.number)}`, `credit-note-${note.number}.pdf`).then(
              () => setError(null),
              (e: unknown) => setError(messageOf(e)),
            )
          }
        >
          Credit note {note.number} (PDF)<span class="visually-hidden">, {money(-note.total, note.currency)}</span>
        </button>
      ))}
      {error || notes.error ? (
        <span class="error" role="alert">
          {error ?? notes.error}
        </span>
      ) : null}
    </>
  );
}

/** The bill a transaction moved money on: its invoice and, on the payment's row of a refunded bill, its credit notes. */
function BillCell({ billId, bill, refunds }: { billId: string; bill: BillFacts | null; refunds: number }) {
  const invoice = bill?.invoiceNumber;
  return (
    <span class="transaction-bill">
      {invoice ? `Invoice ${invoice}` : <code>{billId}</code>}
      {refunds > 0 && invoice ? <CreditNotes billId={billId} refunds={refunds} /> : null}
    </span>
  );
}

/**
 * The reader's transactions, newest first: when, how much, payment or
 * refund, and the bill it paid (by invoice number when the bills list has
 * it, else by the bill's ID), with the credit notes of its refunds. Staff
 * who may refund (`bills:write`) get a "Refund" button on each payment with
 * something left to pay back. Needs `transactions:read`.
 */
export function ReaderTransactions({ userId, billOf, onRefunded }: { userId: string; billOf: (billId: string) => BillFacts | null; onRefunded?: () => void }) {
  const canRefund = useCan('bills:write');
  const transactions = useLoad(() => get<Transaction[]>('/management/transactions', { userId, limit: 100 }), `transactions:${userId}`);
  const [message, setMessage] = useState<string | null>(null);
  const rows = [...(transactions.data ?? [])].sort(newestFirst);
  const refunded = (text: string) => {
    setMessage(text);
    transactions.reload();
    onRefunded?.();
  };
  return (
    <section aria-labelledby="r-transactions">
      <h2 id="r-transactions">Transactions</h2>
      <LoadState loaded={transactions} empty="No transactions: no money has moved for this reader." />
      <div aria-live="polite" id="refund-message">
        <Notice>{message}</Notice>
      </div>
      {rows.length ? (
        <Table
          caption="Transactions of this reader, newest first"
          id="transactions"
          head={['Date', 'Amount', 'Type', 'Bill']}
          rows={rows.map((t) => {
            const remaining = remainingOf(t, rows);
            const row = [
              when(t.createdAt),
              t.isRefund ? `−${money(t.amount, t.currency)}` : money(t.amount, t.currency),
              t.isRefund ? 'refund' : remaining < t.amount ? `payment, ${money(t.amount - remaining, t.currency)} refunded` : 'payment',
              <BillCell billId={t.billId} bill={billOf(t.billId)} refunds={t.isRefund ? 0 : rows.filter((r) => r.isRefund && r.billId === t.billId).length} />,
            ];
            return canRefund && remaining > 0 ? firstWith(row, <RefundButton payment={{ ...t, remaining }} onRefunded={refunded} />) : row;
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
