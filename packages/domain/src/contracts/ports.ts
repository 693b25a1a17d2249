import { ProductRepository, PurchaseOptionRepository } from '../catalog';
import { UserRepository } from '../identity/ports';
import { Bill } from './bill';
import { Contract } from './contract';
import { DiscountCode } from './discount-code';
import { ContractStatus } from './status';

export interface ContractListFilter {
  readonly userId?: string;
  readonly status?: ContractStatus;
  readonly limit: number | null;
  readonly offset: number;
}

/**
 * Contracts per vendor. Adapters write the events the contract recorded
 * (`pullEvents()`) to the outbox in the same transaction as the row.
 */
export interface ContractRepository {
  add(contract: Contract): Promise<void>;
  /** null when the vendor has no such contract (another vendor's included). */
  find(vendorId: string, contractId: string): Promise<Contract | null>;
  /**
   * Loads the contract under a row lock, runs `fn`, and saves the contract
   * and its events when `fn` returns; nothing is saved when `fn` throws.
   * Throws ContractNotFound when the vendor has no such contract. This is
   * how seat counts and status moves stay right across processes.
   */
  update<T>(vendorId: string, contractId: string, fn: (contract: Contract) => T | Promise<T>): Promise<T>;
  /** Contracts of one user, newest first. */
  listByUser(vendorId: string, userId: string): Promise<Contract[]>;
  /** The vendor's contracts, newest first, filtered by user and status, a page of them (`limit` null: all). */
  list(vendorId: string, filter: ContractListFilter): Promise<Contract[]>;
  /**
   * Contracts that time may move at `now` (FORTHCOMING ones due to start,
   * due renewals, open bills past due, cancellations due), for the worker;
   * of one vendor only when `vendorId` is given.
   */
  listDueForAdvance(now: Date, limit: number, vendorId?: string): Promise<{ vendorId: string; contractId: string }[]>;
}

export interface DiscountCodeRepository {
  /** Adds a code; false when the vendor already has one with that code. */
  add(code: DiscountCode): Promise<boolean>;
  /** The vendor's codes, by code. */
  list(vendorId: string): Promise<DiscountCode[]>;
  /** The vendor's code, matched without regard to case. */
  find(vendorId: string, code: string): Promise<DiscountCode | null>;
  /**
   * Counts one redemption if the code is under its limit, atomically
   * (a conditional update); false when the limit was reached meanwhile.
   */
  redeem(vendorId: string, discountCodeId: string): Promise<boolean>;
}

// Narrow views of other modules' repositories: only what the use cases call.
export type ProductLookup = Pick<ProductRepository, 'find'>;
export type PurchaseOptionLookup = Pick<PurchaseOptionRepository, 'find'>;
/** Users by id, and by e-mail created on first use (a user is created for the email if none exists). */
export type ContractUsers = Pick<UserRepository, 'addOrGet' | 'find'>;
/** Seat assignment looks a user up by e-mail before creating one. */
export type SeatUsers = Pick<UserRepository, 'addOrGet' | 'find' | 'findByEmail'>;

/**
 * The invoicing provider, called for every bill a contract issues, inside
 * the same locked step as the move that issued it: when it fails, the move
 * is undone. It throws `InvoicingUnavailable` when the provider cannot be
 * reached and `PaymentRefused` when the provider says no.
 */
export interface BillInvoicing {
  send(bill: Bill, contract: Contract): Promise<void>;
}
