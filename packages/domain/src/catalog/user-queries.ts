import { ProductRepository, VendorRepository } from './ports';
import { Product } from './product';
import { ProductNotFound } from './use-cases';
import { Vendor } from './vendor';

// What a signed-in reader may read of the catalog (interface 4.3).

/** GET /products/{sku}: one product of the reader's vendor. */
export class GetProduct {
  constructor(private readonly products: Pick<ProductRepository, 'find'>) {}

  async execute(command: { vendorId: string; sku: string }): Promise<Product> {
    const product = await this.products.find(command.vendorId, command.sku);
    if (!product) throw new ProductNotFound(command.sku);
    return product;
  }
}

/** The vendors where an account with an e-mail exists (users belong to one vendor each). */
export interface AccountsByEmail {
  /** The e-mail of the user, or null when the vendor has no such user. */
  emailOf(vendorId: string, userId: string): Promise<string | null>;
  /** Ids of every vendor with a user of that (normalized) e-mail. */
  vendorIdsWithEmail(email: string): Promise<string[]>;
}

/** GET /vendors: the vendors where the signed-in reader's e-mail has an account, by name. */
export class ListVendorsOfReader {
  constructor(
    private readonly accounts: AccountsByEmail,
    private readonly vendors: Pick<VendorRepository, 'find'>,
  ) {}

  async execute(command: { vendorId: string; userId: string }): Promise<Vendor[]> {
    const email = await this.accounts.emailOf(command.vendorId, command.userId);
    if (email === null) return [];
    const found: Vendor[] = [];
    for (const vendorId of await this.accounts.vendorIdsWithEmail(email)) {
      const vendor = await this.vendors.find(vendorId);
      if (vendor) found.push(vendor);
    }
    return found.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }
}
