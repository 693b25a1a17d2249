import { Clock, IdGenerator, NotFoundError } from '../shared';
import { BillRecord } from './bill-record';
import { BillNotFound } from './errors';
import { InvoiceParty } from './invoice';
import { InvoicingFacts } from './invoicing-facts';
import { BillingUsers, BillRepository, InvoiceDocumentRepository, Mailer } from './ports';
import { composeReceipt, paysByInvoice, Receipt, ReceiptPayment } from './receipt';
import { receiptMail } from './receipt-mail';
import { receiptLanguage } from './receipt-text';

/** The receipts of paid bills, one per bill. Adapters join the caller's transaction. */
export interface ReceiptRepository {
  add(receipt: Receipt): Promise<void>;
  findByBill(vendorId: string, billId: string): Promise<Receipt | null>;
}

/**
 * Receipt numbers per vendor: 1, 2, 3 ... without gaps. The number is
 * drawn in the caller's transaction and held until it ends, so a payment
 * undone gives its number back and parallel payments queue on the counter
 * (draw it last, just before the receipt is kept).
 */
export interface ReceiptNumbers {
  next(vendorId: string): Promise<number>;
}

/** What a receipt needs beyond the bill: how the contract pays, the reader's language, and where it links to. */
export interface ReceiptFacts {
  /** The contract's payment method with the card's brand and last four digits; null when unknown. */
  paymentOf(vendorId: string, contractId: string): Promise<ReceiptPayment | null>;
  /** The reader's language (their profile), when known. */
  languageOf(vendorId: string, userId: string): Promise<string | null>;
  /** The vendor's own default language for readers, when it has one. */
  vendorLanguage(vendorId: string): Promise<string | null>;
  /** The receipt's address: opens without signing in (a signed link), in a browser and from an e-mail. */
  receiptUrl(vendorId: string, billId: string): string;
  /** The vendor's sign-in leading back to its site (or the site itself), its name and colour, for the e-mail to `reader`. */
  mailLinks(vendorId: string, reader: { email: string; language: string }): Promise<{ signInUrl: string; vendorName: string; color: string }>;
}

export class ReceiptNotFound extends NotFoundError {
  constructor(billId: string) {
    super('BILL.RECEIPT_NOT_FOUND', `bill ${billId} has no receipt`, { billId });
  }
}

/**
 * Issues the receipt of a bill just paid, inside the payment's transaction:
 * reads who paid, how and in which language, then draws the next receipt
 * number, keeps the receipt and, for a card (any provider's charge, not an
 * invoice paid by transfer), queues the receipt e-mail to the invoice's
 * address. Answers the receipt and its address (the bill's `receiptUrl`).
 */
export class IssueReceipt {
  constructor(
    private readonly receipts: ReceiptRepository,
    private readonly numbers: ReceiptNumbers,
    private readonly invoices: Pick<InvoiceDocumentRepository, 'findByBill'>,
    private readonly users: BillingUsers,
    private readonly facts: Pick<InvoicingFacts, 'seller' | 'buyer'>,
    private readonly receiptFacts: ReceiptFacts,
    private readonly mailer: Mailer,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: { bill: BillRecord; language?: string | null }): Promise<{ receipt: Receipt; url: string }> {
    const { bill } = command;
    // One after another: the ports share the payment's database connection.
    const invoice = await this.invoices.findByBill(bill.vendorId, bill.id);
    const seller = await this.facts.seller(bill.vendorId);
    const billedId = bill.payerId ?? bill.userId;
    const buyer = invoice ? invoice.billedTo : await this.buyerOf(bill.vendorId, billedId);
    const payment = (await this.receiptFacts.paymentOf(bill.vendorId, bill.contractId)) ?? {
      provider: bill.paymentProvider,
      method: bill.paymentMethod,
      brand: null,
      last4: null,
    };
    const language = receiptLanguage(
      command.language,
      await this.receiptFacts.languageOf(bill.vendorId, billedId),
      await this.receiptFacts.vendorLanguage(bill.vendorId),
    );
    const sequence = await this.numbers.next(bill.vendorId);
    const receipt = composeReceipt({ id: this.ids.next(), sequence, bill, invoice, seller, buyer, payment, language, now: this.clock.now() });
    await this.receipts.add(receipt);
    const url = this.receiptFacts.receiptUrl(bill.vendorId, bill.id);
    if (!paysByInvoice(payment.method) && !paysByInvoice(bill.paymentMethod)) {
      const to = invoice?.email ?? buyer.email;
      const links = await this.receiptFacts.mailLinks(bill.vendorId, { email: to, language });
      await this.mailer.queue(receiptMail(receipt, to, { ...links, receiptUrl: url }));
    }
    return { receipt, url };
  }

  private async buyerOf(vendorId: string, userId: string): Promise<InvoiceParty> {
    const user = await this.users.find(vendorId, userId);
    const details = await this.facts.buyer(vendorId, userId);
    const name = [user?.firstName, user?.lastName].filter(Boolean).join(' ');
    return {
      userId,
      email: user?.email ?? '',
      name: name || null,
      companyName: details?.companyName ?? null,
      vatNumber: details?.vatNumber ?? null,
      address: details?.address ? { ...details.address } : null,
    };
  }
}

/** The receipt of a bill of the vendor; with `readerId`, only of a bill that reader holds or pays for (else not found). */
export class GetReceipt {
  constructor(
    private readonly bills: Pick<BillRepository, 'find'>,
    private readonly receipts: Pick<ReceiptRepository, 'findByBill'>,
  ) {}

  async execute(command: { vendorId: string; billId: string; readerId?: string }): Promise<{ bill: BillRecord; receipt: Receipt | null }> {
    const bill = await this.bills.find(command.vendorId, command.billId);
    if (!bill || (command.readerId !== undefined && bill.userId !== command.readerId && bill.payerId !== command.readerId)) {
      throw new BillNotFound(command.billId);
    }
    return { bill, receipt: await this.receipts.findByBill(command.vendorId, command.billId) };
  }
}
