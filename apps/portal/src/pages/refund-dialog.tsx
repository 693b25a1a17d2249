import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError, post } from '../api';
import { amountText, messageOf, money, Notice } from '../ui';

/** A payment as the refund dialog needs it: what it was, and what is left of it to pay back (major units). */
export interface RefundablePayment {
  id: string;
  amount: number;
  currency: string;
  remaining: number;
}

/** A fresh Idempotency-Key; `randomUUID` only exists on secure origins, so a plain-http portal makes one from random bytes. */
function newKey(): string {
  if (typeof crypto.randomUUID === 'function') return `portal-refund-${crypto.randomUUID()}`;
  return `portal-refund-${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
}

/** "49,50", "49.50" or "49" as major units; null when it is not an amount with at most two decimals. */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** The refund problems of `POST /management/transactions/{id}/refund`, in plain words. */
export function refundProblemText(error: unknown, currency: string): string {
  if (!(error instanceof ApiError)) return messageOf(error);
  const problem = error.problem as ApiError['problem'] & { remaining?: number };
  switch (error.code) {
    case 'TRANSACTION.REFUND_EXCEEDS_REMAINING':
      return problem.remaining
        ? `That is more than is left to refund: at most ${money(problem.remaining, currency)} of this payment can still be paid back.`
        : 'Nothing is left to refund: this payment has already been paid back in full.';
    case 'TRANSACTION.NOT_REFUNDABLE':
      return 'This is a refund itself; refund the payment it belongs to instead.';
    case 'TRANSACTION.REFUND_REFUSED':
    case 'TRANSACTION.REFUND_NOT_SUPPORTED':
      return `The payment provider refused the refund, so nothing was paid back. ${problem.detail ? `It said: ${problem.detail}.` : ''}`.trim();
    case 'CHECKOUT.PROVIDER_UNAVAILABLE':
      return 'The payment provider could not be reached, so nothing was paid back. Try again in a moment.';
    default:
      return error.status === 404 ? 'This payment no longer exists for this publisher.' : error.message;
  }
}

/**
 * The "Refund" button of one payment and its dialog (a native modal
 * <dialog>: the rest of the page is inert while it is open, so focus stays
 * in it, and Escape closes it). The amount starts at what is left to refund;
 * "End the reader's access" ends the contract with the refund. Each opening
 * gets its own Idempotency-Key, so a retried click or a lost answer refunds
 * once; a refusal settles that attempt (nothing was paid back), so a
 * corrected amount goes with a new key.
 */
export function RefundButton({ payment, onRefunded }: { payment: RefundablePayment; onRefunded: (message: string) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const key = useRef('');
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState('');
  const [endAccess, setEndAccess] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const id = `refund-${payment.id}`;

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
  }, [open]);

  const show = () => {
    key.current = newKey();
    setAmount(amountText(payment.remaining, payment.currency));
    setEndAccess(false);
    setError(null);
    setOpen(true);
  };
  const close = () => {
    if (dialog.current?.open) dialog.current.close();
    setOpen(false);
    requestAnimationFrame(() => opener.current?.focus());
  };
  const submit = async (event: Event) => {
    event.preventDefault();
    const value = parseAmount(amount);
    if (value === null || value <= 0) {
      setError(`Write the amount to refund in ${payment.currency} with at most two decimals, such as ${amountText(payment.remaining, payment.currency)}.`);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await post(`/management/transactions/${encodeURIComponent(payment.id)}/refund`, { amount: value, endEntitlement: endAccess }, { 'Idempotency-Key': key.current });
      if (dialog.current?.open) dialog.current.close();
      setOpen(false);
      onRefunded(`${money(value, payment.currency)} refunded${endAccess ? ', and the reader’s access ended' : ''}.`);
    } catch (e) {
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) key.current = newKey();
      setError(refundProblemText(e, payment.currency));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <button type="button" class="danger" ref={opener} onClick={show} aria-haspopup="dialog">
        Refund<span class="visually-hidden"> the payment of {money(payment.amount, payment.currency)}</span>
      </button>
      {open ? (
        <dialog ref={dialog} class="card refund-dialog" aria-labelledby={`${id}-title`} aria-describedby={`${id}-what`} onClose={() => open && close()}>
          <form method="dialog" onSubmit={submit} aria-labelledby={`${id}-title`}>
            <h2 id={`${id}-title`}>Refund a payment</h2>
            <p id={`${id}-what`}>
              The payment was {money(payment.amount, payment.currency)}; {money(payment.remaining, payment.currency)} of it can still be paid back. The
              money goes back the way it was paid.
            </p>
            <div class="field">
              <label for={`${id}-amount`}>Amount to refund ({payment.currency})</label>
              <input
                id={`${id}-amount`}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                required
                value={amount}
                aria-describedby={`${id}-amount-hint`}
                onInput={(e) => setAmount((e.currentTarget as HTMLInputElement).value)}
              />
              <small id={`${id}-amount-hint`} class="hint">
                At most {money(payment.remaining, payment.currency)}, with at most two decimals.
              </small>
            </div>
            <div class="check-row">
              <input id={`${id}-end`} type="checkbox" name="endEntitlement" checked={endAccess} onChange={(e) => setEndAccess((e.currentTarget as HTMLInputElement).checked)} />
              <label for={`${id}-end`}>End the reader’s access now (the contract is canceled with the refund)</label>
            </div>
            <div aria-live="assertive">
              <Notice error={error} />
            </div>
            <div class="actions">
              <button type="submit" class="danger-solid" disabled={busy}>
                {busy ? 'Refunding…' : 'Confirm refund'}
              </button>
              <button type="button" class="secondary" onClick={close} disabled={busy}>
                Cancel
              </button>
            </div>
          </form>
        </dialog>
      ) : null}
    </>
  );
}
