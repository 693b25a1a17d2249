import { ProductRepository, PurchaseOptionRepository } from '../../catalog';
import { AccessList } from './access-list';
import { AccessGrant } from './grant';

/** A vendor's access lists. */
export interface AccessListRepository {
  /** Every list of the vendor, oldest first. */
  list(vendorId: string): Promise<AccessList[]>;
  find(vendorId: string, id: string): Promise<AccessList | null>;
  add(list: AccessList): Promise<void>;
  save(list: AccessList): Promise<void>;
}

/** A page of a list's grants. */
export interface GrantPage {
  readonly limit: number;
  readonly offset: number;
}

/** The grants of a vendor's lists; one per (list, e-mail, sku). */
export interface AccessGrantRepository {
  /** The grants of a list, oldest first: all of them, or one page. */
  listByList(vendorId: string, listId: string, page?: GrantPage): Promise<AccessGrant[]>;
  find(vendorId: string, listId: string, id: string): Promise<AccessGrant | null>;
  /** The list's grants for these (e-mail, sku) pairs. */
  findByKeys(vendorId: string, listId: string, keys: readonly { email: string; sku: string }[]): Promise<AccessGrant[]>;
  /** Adds a grant; false when the list already has one for its e-mail and sku. */
  add(grant: AccessGrant): Promise<boolean>;
  /** Stores a grant by id; false when another grant of the list has its e-mail and sku. */
  save(grant: AccessGrant): Promise<boolean>;
  /** Removes a grant; false when there was none. */
  remove(vendorId: string, listId: string, id: string): Promise<boolean>;
  /**
   * Inserts or updates each grant by (list, e-mail, sku) atomically; an
   * updated grant keeps its id and createdAt. Answers what is stored, and
   * whether it was new.
   */
  upsertMany(grants: readonly AccessGrant[]): Promise<{ grant: AccessGrant; created: boolean }[]>;
}

/** The vendor's users by (normalised) e-mail: who a grant is for, when they have an account. */
export interface Grantees {
  userIdsByEmail(vendorId: string, emails: readonly string[]): Promise<ReadonlyMap<string, string>>;
}

/** The catalogue as grants need it: the product and its purchase options. */
export interface GrantCatalog {
  readonly products: Pick<ProductRepository, 'find'>;
  readonly options: Pick<PurchaseOptionRepository, 'find'>;
}
