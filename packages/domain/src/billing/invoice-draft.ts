import { formatInvoiceNumber, InvoiceDocument } from './invoice';

/**
 * An invoice composed in the contract's step, all but its number (issue 28).
 * Numbers are gapless and ordered per vendor, so drawing one locks the
 * vendor's counter until the drawing transaction ends: were it drawn in the
 * contract's step, every confirm of a vendor would queue behind the others'
 * whole steps. The draft is kept with the bill instead; the number is drawn
 * after the step, in a statement of its own, and only then is the invoice
 * written and mailed (`InvoiceBill.issue`).
 */
export interface InvoiceDraft {
  readonly vendorId: string;
  readonly billId: string;
  /** The invoice as it will be issued, but for its number. */
  readonly document: Omit<InvoiceDocument, 'number'>;
  /** Whether the invoice is e-mailed to the buyer (the contract pays by invoice). */
  readonly mail: boolean;
  readonly createdAt: Date;
}

/** The draft's invoice with the number drawn for it. */
export function numberedInvoice(draft: InvoiceDraft, sequence: number): InvoiceDocument {
  return { ...draft.document, number: formatInvoiceNumber(sequence) };
}
