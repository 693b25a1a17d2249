import { Bill, ContractSnapshot } from '../contracts';
import { Clock, EventOutbox, IdGenerator, NotFoundError } from '../shared';
import { BillRecord, payBill, recordIssuedBill, voidOnCancellation } from './bill-record';
import { BadPaymentDate, BillNotFound, InvoiceIssuedElsewhere } from './errors';
import { composeInvoice, formatInvoiceNumber, InvoiceDocument } from './invoice';
import { InvoiceDraft, numberedInvoice } from './invoice-draft';
import { composeCreditNote, creditedSoFar } from './credit-note';
import { invoiceMail } from './invoice-text';
import { billedParty, checkBuyerVatNumber, InvoicingFacts, NO_INVOICING_FACTS, taxOfBill } from './invoicing-facts';
import { EInvoiceRepository } from './invoice-queries';
import { toUbl } from './e-invoice-ubl';
import {
  BillingUsers,
  BillRepository,
  ContractPayments,
  InvoiceDocumentRepository,
  InvoiceDraftRepository,
  InvoiceIssueStep,
  InvoiceNumbers,
  Mailer,
  TransactionRepository,
} from './ports';
import { paymentTransaction, Transaction, transactionCreated } from './transaction';
import { paysByInvoice } from './receipt';
import { IssueReceipt } from './receipt-use-cases';

export class InvoiceRecipientUnknown extends NotFoundError {
  constructor(userId: string) {
    super('BILL.RECIPIENT_UNKNOWN', `user ${userId} of the contract is not known`, { userId });
  }
}

/** What invoicing reads and makes beyond the bill: facts for tax and the seller, the kept e-invoices. */
export interface InvoiceOutputs {
  readonly facts?: InvoicingFacts;
  readonly eInvoices?: Pick<EInvoiceRepository, 'add'>;
}

/** An invoice or credit note with an e-invoice number is also kept as UBL XML (Peppol BIS Billing 3.0). */
async function keepEInvoice(document: InvoiceDocument, eInvoices: Pick<EInvoiceRepository, 'add'> | undefined, now: Date): Promise<void> {
  if (!eInvoices || !document.ediNumber) return;
  await eInvoices.add({
    vendorId: document.vendorId,
    invoiceId: document.id,
    billId: document.billId,
    kind: document.kind,
    invoiceNumber: document.number,
    xml: toUbl(document),
    createdAt: now,
  });
}

/** Runs the work at once, in whatever transaction the caller is in (the in-memory adapters have none). */
const IN_CALLERS_STEP: InvoiceIssueStep = { run: (work) => work() };

/**
 * What the embedded invoicing provider does with a bill the contract issued,
 * in two steps (issue 28: confirms of one vendor must not queue on its
 * invoice counter for a whole contract step).
 *
 * `draft`, inside the contract's locked step: computes the bill's VAT (net,
 * tax, gross per line and rate; the recorded price is the gross) and records
 * the bill; for an OPEN bill, composes the invoice document, all but its
 * number, and keeps it as a draft. A bill issued PAID (nothing to pay) is
 * recorded PAID, with no invoice. Sending a bill already recorded does nothing.
 *
 * `issue`, once that step is kept: draws the invoice number for the draft (a
 * short step of its own, the only one that holds the vendor's counter),
 * then in one transaction writes the invoice (and its e-invoice when the
 * contract has an e-invoice number), sets the number on the bill and, when
 * the contract pays by invoice, queues the invoice e-mail with the PDF
 * attached (a card is charged instead: its buyer gets a receipt when the
 * bill is paid, never a request to pay). The bill's `receiptUrl` stays null
 * until a receipt exists.
 *
 * `execute` does both in the caller's step, for callers that do not mind
 * holding the counter (and the in-memory adapters).
 */
export class InvoiceBill {
  constructor(
    private readonly bills: Pick<BillRepository, 'add' | 'find' | 'setInvoiceNumber'>,
    private readonly invoices: Pick<InvoiceDocumentRepository, 'add'>,
    private readonly drafts: InvoiceDraftRepository,
    private readonly mailer: Mailer,
    private readonly users: BillingUsers,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly documents: InvoiceOutputs = {},
    private readonly issueStep: InvoiceIssueStep = IN_CALLERS_STEP,
  ) {}

  private get facts(): InvoicingFacts {
    return this.documents.facts ?? NO_INVOICING_FACTS;
  }

  async execute(command: InvoiceBillCommand): Promise<{ bill: BillRecord; invoice: InvoiceDocument | null }> {
    const { bill, draft } = await this.draft(command);
    const invoice = draft ? await this.issue({ vendorId: draft.vendorId, billId: draft.billId, draft }) : null;
    return { bill: invoice ? { ...bill, invoiceNumber: invoice.number } : bill, invoice };
  }

  /** Records the bill and, for an OPEN one, drafts its invoice (null otherwise, or when the bill was recorded before). */
  async draft(command: InvoiceBillCommand): Promise<{ bill: BillRecord; draft: InvoiceDraft | null }> {
    const { bill, contract } = command;
    const existing = await this.bills.find(bill.vendorId, bill.id);
    if (existing) return { bill: existing, draft: null };
    // One after another: the ports share the contract step's database connection.
    const seller = await this.facts.seller(bill.vendorId);
    const categories = await this.facts.taxCategories(bill.vendorId, bill.items.map((i) => i.sku));
    const buyer = await billedParty(this.facts, bill.vendorId, contract);
    const vatNumberCheck = await checkBuyerVatNumber(this.facts, contract, buyer, this.clock.now());
    const tax = taxOfBill({ bill, contract, categories, seller: seller.settings, buyer, vatNumberCheck });
    if (bill.status !== 'OPEN') {
      const record = recordIssuedBill(bill, contract, null, tax);
      await this.bills.add(record);
      return { bill: record, draft: null };
    }
    const user = await this.users.find(bill.vendorId, contract.userId);
    if (!user) throw new InvoiceRecipientUnknown(contract.userId);
    const payer = contract.payer ? await this.users.find(bill.vendorId, contract.payer.id) : null;
    const record = { ...recordIssuedBill(bill, contract, null, tax), tax };
    await this.bills.add(record);
    const { number: _unnumbered, ...document } = composeInvoice({ id: this.ids.next(), number: '', bill: record, contract, user, payer, seller, buyer, now: this.clock.now() });
    const draft: InvoiceDraft = { vendorId: bill.vendorId, billId: bill.id, document, mail: paysByInvoice(contract.payment.method), createdAt: this.clock.now() };
    await this.drafts.add(draft);
    return { bill: record, draft };
  }

  /**
   * Numbers the bill's drafted invoice and issues it. Answers null, and
   * writes nothing, when the bill has no draft (issued already); throws
   * InvoiceIssuedElsewhere, its writes undone, when another step issued it
   * while this one wrote. `draft`: the draft, when the caller holds it.
   */
  async issue(command: { vendorId: string; billId: string; draft?: InvoiceDraft }): Promise<InvoiceDocument | null> {
    const { vendorId, billId } = command;
    const sequence = await this.drafts.number(vendorId, billId);
    if (sequence === null) return null;
    const draft = command.draft ?? (await this.drafts.find(vendorId, billId));
    if (!draft) return null;
    const invoice = numberedInvoice(draft, sequence);
    try {
      return await this.issueStep.run(async () => {
        await this.bills.setInvoiceNumber(vendorId, billId, invoice.number);
        await this.invoices.add(invoice);
        await keepEInvoice(invoice, this.documents.eInvoices, this.clock.now());
        if (draft.mail) await this.mailer.queue(invoiceMail(invoice));
        // The draft goes last, as the claim: a step that finds it gone lost a race to issue the same invoice.
        if (!(await this.drafts.remove(vendorId, billId))) throw new InvoiceIssuedElsewhere(billId);
        return invoice;
      });
    } catch (error) {
      throw (await this.issuedMeanwhile(vendorId, billId, error)) ? new InvoiceIssuedElsewhere(billId) : error;
    }
  }

  /** Whether a write of `issue` failed because another step issued the invoice meanwhile (its document, same id, was written first). */
  private async issuedMeanwhile(vendorId: string, billId: string, error: unknown): Promise<boolean> {
    if (error instanceof InvoiceIssuedElsewhere) return true;
    try {
      return (await this.drafts.find(vendorId, billId)) === null;
    } catch {
      // The caller's transaction failed with the write: the write's own error tells more.
      return false;
    }
  }
}

/**
 * The invoice documents as a receipt or a credit note reads them: a bill's
 * invoice still drafted is issued first (numbered, in the reader's step), so
 * what settles or credits an invoice always names it. A card checkout
 * confirms its contract and pays its bill in one transaction, before the
 * confirm's own issuing step runs.
 */
export function issuingDraftsFirst(
  invoices: Pick<InvoiceDocumentRepository, 'add' | 'findByBill' | 'listByBill'>,
  invoiceBill: Pick<InvoiceBill, 'issue'>,
): Pick<InvoiceDocumentRepository, 'add' | 'findByBill' | 'listByBill'> {
  return {
    add: (invoice) => invoices.add(invoice),
    async findByBill(vendorId, billId) {
      return (await invoiceBill.issue({ vendorId, billId })) ?? invoices.findByBill(vendorId, billId);
    },
    async listByBill(vendorId, billId) {
      await invoiceBill.issue({ vendorId, billId });
      return invoices.listByBill(vendorId, billId);
    },
  };
}

export interface InvoiceBillCommand {
  readonly bill: Bill;
  readonly contract: Pick<ContractSnapshot, 'userId' | 'payer' | 'invoice' | 'payment' | 'taxIncluded' | 'items' | 'billingDetails'> &
    Partial<Pick<ContractSnapshot, 'contractType'>>;
}

/**
 * Records that a bill was paid, all in one transaction: the bill (only an
 * OPEN one) becomes PAID, a transaction is written, and the contract hears
 * of it (an OVERDUE contract returns to ACTIVE); `transaction.created` goes
 * to the outbox with it; with `receipts`, the bill's receipt is issued (and
 * mailed for a card payment) and becomes its `receiptUrl`. Locks: the bill,
 * then the contract, then the vendor's receipt counter.
 */
export class RecordPayment {
  constructor(
    private readonly bills: Pick<BillRepository, 'update'>,
    private readonly transactions: Pick<TransactionRepository, 'add'>,
    private readonly contracts: ContractPayments,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
    private readonly receipts: Pick<IssueReceipt, 'execute'> | null = null,
  ) {}

  /** `language`: the buyer's, when the caller knows it (a checkout's); the receipt speaks it. */
  async execute(command: {
    vendorId: string;
    billId: string;
    paidAt?: Date;
    language?: string | null;
    /** The provider's reference of the payment (a stripe PaymentIntent): what a refund reverses. */
    paymentReference?: string | null;
  }): Promise<{ bill: BillRecord; transaction: Transaction }> {
    const now = this.clock.now();
    const paidAt = command.paidAt ?? now;
    if (Number.isNaN(paidAt.getTime())) throw new BadPaymentDate('is not a date');
    if (paidAt > now) throw new BadPaymentDate('cannot be in the future');
    return this.bills.update(command.vendorId, command.billId, async (bill) => {
      const paid = { ...payBill(bill, paidAt, now), paymentReference: command.paymentReference ?? bill.paymentReference ?? null };
      const transaction = paymentTransaction(this.ids.next(), paid, paidAt, now);
      await this.transactions.add(transaction);
      await this.outbox.append(transactionCreated(transaction));
      await this.contracts.billPaid({ vendorId: paid.vendorId, contractId: paid.contractId, billId: paid.id });
      const issued = this.receipts ? await this.receipts.execute({ bill: paid, language: command.language }) : null;
      const receipted = issued ? { ...paid, receiptUrl: issued.url } : paid;
      return { bill: receipted, result: { bill: receipted, transaction } };
    });
  }
}

export class GetBill {
  constructor(private readonly bills: Pick<BillRepository, 'find'>) {}

  async execute(command: { vendorId: string; billId: string }): Promise<BillRecord> {
    const bill = await this.bills.find(command.vendorId, command.billId);
    if (!bill) throw new BillNotFound(command.billId);
    return bill;
  }
}

/**
 * A credit note for the invoice of a bill that was voided or refunded: the
 * invoice's lines with the amounts negated, a new number from the vendor's
 * invoice sequence, kept beside the invoice (with its e-invoice when the
 * invoice had one) and mailed like it. A bill without an invoice, or whose
 * invoice was already credited, gets none.
 */
export class IssueCreditNote {
  constructor(
    private readonly invoices: Pick<InvoiceDocumentRepository, 'add' | 'listByBill'>,
    private readonly numbers: InvoiceNumbers,
    private readonly mailer: Mailer,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly outputs: Omit<InvoiceOutputs, 'facts'> = {},
  ) {}

  /**
   * Credits `grossMinor` of the bill's invoice (a partial refund), or all that is not yet credited. Answers null,
   * and writes nothing, when the bill has no invoice or the invoice is credited in full already.
   */
  async execute(command: { vendorId: string; billId: string; grossMinor?: number }): Promise<InvoiceDocument | null> {
    const documents = await this.invoices.listByBill(command.vendorId, command.billId);
    const invoice = documents.find((d) => d.kind === 'INVOICE');
    if (!invoice) return null;
    const left = invoice.total.minor - creditedSoFar(documents);
    if (left <= 0) return null;
    const grossMinor = Math.min(command.grossMinor ?? left, left);
    const number = formatInvoiceNumber(await this.numbers.next(command.vendorId));
    const note = composeCreditNote(invoice, { id: this.ids.next(), number, now: this.clock.now(), grossMinor });
    await this.invoices.add(note);
    await keepEInvoice(note, this.outputs.eInvoices, this.clock.now());
    await this.mailer.queue(invoiceMail(note));
    return note;
  }
}

/** A canceled contract's open bills are voided (the worker runs this for `contract.canceled`), their invoices credited. */
export class VoidBillsOfCanceledContract {
  constructor(
    private readonly bills: Pick<BillRepository, 'update' | 'listByContract'>,
    private readonly clock: Clock,
    private readonly creditNotes: Pick<IssueCreditNote, 'execute'> | null = null,
  ) {}

  /** Answers the ids of the bills it voided; repeating it voids nothing more. */
  async execute(command: { vendorId: string; contractId: string }): Promise<string[]> {
    const voided: string[] = [];
    for (const bill of await this.bills.listByContract(command.vendorId, command.contractId)) {
      if (bill.status !== 'OPEN') continue;
      await this.bills.update(command.vendorId, bill.id, async (current) => {
        const moved = voidOnCancellation(current, this.clock.now());
        if (moved) {
          voided.push(moved.id);
          await this.creditNotes?.execute({ vendorId: moved.vendorId, billId: moved.id });
        }
        return { bill: moved ?? current, result: undefined };
      });
    }
    return voided;
  }
}
