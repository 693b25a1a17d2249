import {
  BuyerDetails,
  emptyBillingSettings,
  InvoicingFacts,
  SellerFacts,
  TaxCategory,
  VatNumberChecker,
  VendorBillingSettings,
  VendorBillingSettingsRepository,
} from '@kiosk/domain/billing';
import { ProductRepository, VendorRepository } from '@kiosk/domain/catalog';
import { ProfileRepository } from '@kiosk/domain/engagement';

/**
 * What invoicing reads beyond the bill, through the other modules' ports:
 * the vendor's name (catalog) and billing settings, each product's tax
 * category (catalog), and the billed person's company and billing address
 * (their profile, engagement). The reader fetches the PDF at `receiptUrl`;
 * buyers' VAT numbers are checked by `vatNumbers`.
 */
export class PortsInvoicingFacts implements InvoicingFacts {
  constructor(
    private readonly deps: {
      vendors: Pick<VendorRepository, 'find'>;
      products: Pick<ProductRepository, 'find'>;
      profiles: Pick<ProfileRepository, 'find'>;
      settings: Pick<VendorBillingSettingsRepository, 'find'>;
      /** The vendor's default reader language (checkout settings). */
      defaultLanguage?: (vendorId: string) => Promise<string | null>;
      baseUrl: string;
      vatNumbers?: VatNumberChecker;
    },
  ) {
    this.vatNumbers = deps.vatNumbers;
  }

  /** How buyers' VAT numbers are checked before reverse charge (VAT_NUMBER_CHECK). */
  readonly vatNumbers?: VatNumberChecker;

  async seller(vendorId: string): Promise<SellerFacts> {
    const vendor = await this.deps.vendors.find(vendorId);
    const settings = await this.sellerSettings(vendorId);
    const defaultLanguage = (await this.deps.defaultLanguage?.(vendorId).catch(() => null)) ?? null;
    return { vendorName: vendor?.name ?? vendorId, settings, defaultLanguage };
  }

  async sellerSettings(vendorId: string): Promise<VendorBillingSettings> {
    return (await this.deps.settings.find(vendorId)) ?? emptyBillingSettings(vendorId);
  }

  async taxCategories(vendorId: string, skus: readonly string[]): Promise<ReadonlyMap<string, TaxCategory>> {
    const categories = new Map<string, TaxCategory>();
    for (const sku of new Set(skus)) {
      const product = await this.deps.products.find(vendorId, sku);
      if (product) categories.set(sku, product.taxCategory);
    }
    return categories;
  }

  async buyer(vendorId: string, userId: string): Promise<BuyerDetails | null> {
    const profile = await this.deps.profiles.find(vendorId, userId);
    if (!profile) return null;
    const a = profile.billingAddress;
    return {
      companyName: profile.companyInfo?.companyName ?? null,
      vatNumber: profile.companyInfo?.vatNr ?? null,
      address: a ? { street: a.street, zip: a.zip, city: a.city, country: a.country } : null,
      language: profile.locale ?? null,
    };
  }

  receiptUrl(_vendorId: string, billId: string): string {
    return `${this.deps.baseUrl.replace(/\/$/, '')}/bills/${encodeURIComponent(billId)}/receipt`;
  }
}
