import { DataSource } from 'typeorm';
import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { scrubColumn } from '../platform/database/erasure-sql';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/**
 * billing: bills and transactions keep the opaque user id; invoices (kept as
 * financial records) lose e-mail, names and the street address (the country
 * stays: it decided the VAT; a company's name and VAT number stay); their
 * e-invoices and receipts likewise; mails to the person go.
 */
export class BillingEraser implements PersonalDataEraser {
  readonly module = 'billing';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    await sqlRows(
      m,
      `UPDATE invoice_documents SET email = $3
        WHERE vendor_id = $1 AND (lower(email) = lower($2) OR billed_user_id = $4)`,
      [s.vendorId, s.email, s.tombstoneEmail, s.userId],
    );
    await scrubColumn(m, { table: 'invoice_documents', keys: ['vendor_id', 'id'], column: 'document', kind: 'json' }, s);
    for (const party of ['billedTo', 'onBehalfOf']) {
      await sqlRows(
        m,
        `UPDATE invoice_documents
            SET document = jsonb_set(document, '{${party},address}',
                  jsonb_build_object('street', null, 'zip', null, 'city', null, 'country', document #> '{${party},address,country}'))
          WHERE vendor_id = $1 AND document #>> '{${party},userId}' = $2 AND jsonb_typeof(document #> '{${party},address}') = 'object'`,
        [s.vendorId, s.userId],
      );
    }
    await scrubColumn(m, { table: 'e_invoices', keys: ['vendor_id', 'invoice_id'], column: 'xml', kind: 'text' }, s);
    const eInvoices = await sqlRows<{ invoice_id: string; xml: string }>(
      m,
      `SELECT e.invoice_id, e.xml FROM e_invoices e JOIN invoice_documents d ON d.vendor_id = e.vendor_id AND d.id = e.invoice_id
        WHERE e.vendor_id = $1 AND d.billed_user_id = $2`,
      [s.vendorId, s.userId],
    );
    for (const e of eInvoices) {
      const xml = e.xml.replace(/(<cac:AccountingCustomerParty>[\s\S]*?<\/cac:AccountingCustomerParty>)/, (customer) =>
        customer.replace(/<cbc:(StreetName|CityName|PostalZone)>[^<]*<\/cbc:\1>/g, ''),
      );
      if (xml !== e.xml) await sqlRows(m, `UPDATE e_invoices SET xml = $3 WHERE vendor_id = $1 AND invoice_id = $2`, [s.vendorId, e.invoice_id, xml]);
    }
    // Receipts are kept like invoices: the buyer loses e-mail, names and street address.
    await scrubColumn(m, { table: 'receipts', keys: ['vendor_id', 'id'], column: 'document', kind: 'json' }, s);
    await sqlRows(
      m,
      `UPDATE receipts
          SET document = jsonb_set(document, '{buyer,address}',
                jsonb_build_object('street', null, 'zip', null, 'city', null, 'country', document #> '{buyer,address,country}'))
        WHERE vendor_id = $1 AND buyer_user_id = $2 AND jsonb_typeof(document #> '{buyer,address}') = 'object'`,
      [s.vendorId, s.userId],
    );
    await sqlRows(m, `DELETE FROM mail_messages WHERE vendor_id = $1 AND lower(to_address) = lower($2)`, [s.vendorId, s.email]);
    await scrubColumn(m, { table: 'mail_messages', keys: ['vendor_id', 'id'], column: 'body', kind: 'text' }, s);
    await scrubColumn(m, { table: 'mail_messages', keys: ['vendor_id', 'id'], column: 'subject', kind: 'text' }, s);
  }
}
