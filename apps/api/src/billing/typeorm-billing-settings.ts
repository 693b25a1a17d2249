import {
  EInvoiceRepository,
  InvoiceKind,
  isTaxCategory,
  StoredEInvoice,
  VendorBillingSettings,
  VendorBillingSettingsRepository,
} from '@kiosk/domain/billing';
import { DataSource } from 'typeorm';
import { managerOf } from '../platform/database/transaction';
import { insertEntityRow } from '../platform/database/sql';
import { EInvoiceRow, VendorBillingSettingsRow } from './billing.rows';

export class TypeOrmVendorBillingSettingsRepository implements VendorBillingSettingsRepository {
  constructor(private readonly db: DataSource) {}

  async find(vendorId: string): Promise<VendorBillingSettings | null> {
    const row = await managerOf(this.db).getRepository(VendorBillingSettingsRow).findOneBy({ vendorId });
    if (!row) return null;
    return {
      vendorId: row.vendorId,
      legalName: row.legalName,
      street: row.street,
      zip: row.zip,
      city: row.city,
      country: row.country,
      vatNumber: row.vatNumber,
      paymentInstructions: row.paymentInstructions,
      organisationNumber: row.organisationNumber,
      gln: row.gln,
      iban: row.iban,
      bic: row.bic,
      bankgiro: row.bankgiro,
      plusgiro: row.plusgiro,
      rateOverrides: row.rateOverrides.flatMap((o) => (isTaxCategory(o.category) ? [{ country: o.country, category: o.category, rate: o.rate }] : [])),
      updatedAt: row.updatedAt,
    };
  }

  async save(s: VendorBillingSettings): Promise<void> {
    await managerOf(this.db)
      .getRepository(VendorBillingSettingsRow)
      .save({
        vendorId: s.vendorId,
        legalName: s.legalName,
        street: s.street,
        zip: s.zip,
        city: s.city,
        country: s.country,
        vatNumber: s.vatNumber,
        paymentInstructions: s.paymentInstructions,
        organisationNumber: s.organisationNumber ?? null,
        gln: s.gln ?? null,
        iban: s.iban ?? null,
        bic: s.bic ?? null,
        bankgiro: s.bankgiro ?? null,
        plusgiro: s.plusgiro ?? null,
        rateOverrides: s.rateOverrides.map((o) => ({ ...o })),
        updatedAt: s.updatedAt ?? new Date(0),
      });
  }
}

/** E-invoices (UBL XML) kept with their invoice or credit note. */
export class TypeOrmEInvoiceRepository implements EInvoiceRepository {
  constructor(private readonly db: DataSource) {}

  async add(e: StoredEInvoice): Promise<void> {
    // Held when the step holds its writes (an invoice issued in one statement).
    await insertEntityRow(this.db, EInvoiceRow, { ...e });
  }

  async find(vendorId: string, billId: string, kind: InvoiceKind, number?: string): Promise<StoredEInvoice | null> {
    const row = await managerOf(this.db)
      .getRepository(EInvoiceRow)
      .findOne({ where: { vendorId, billId, kind, ...(number === undefined ? {} : { invoiceNumber: number }) }, order: { createdAt: 'DESC', invoiceNumber: 'DESC' } });
    return row ? { ...row, kind: row.kind as InvoiceKind } : null;
  }
}
