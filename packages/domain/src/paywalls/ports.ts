import type { SavedBy } from './saved-by';
import { LedgerOutcome, RecordedRead, WindowSummary } from './leaky-allowance';
import { Paywall } from './paywall';
import { ReaderKey } from './reader';
import { SignedLinkRequest } from './signed-link';
import { Strategy } from './strategy';

/** Paywalls per vendor; another vendor's paywall is simply not there. */
export interface PaywallRepository {
  /**
   * Adds a paywall; false when the vendor already has that id. Keeps version 1
   * in the history (VersionHistory) in the same transaction, saved by `savedBy`.
   */
  add(paywall: Paywall, savedBy?: SavedBy | null): Promise<boolean>;
  find(vendorId: string, paywallId: string): Promise<Paywall | null>;
  /**
   * Loads the paywall under a row lock, runs `fn`, and saves the paywall and
   * its events when `fn` returns; nothing is saved when `fn` throws. Throws
   * PaywallNotFound when the vendor has no such paywall. Two concurrent
   * changes therefore give two versions, never one lost update. When the
   * version rose, the new version is kept in the history in the same
   * transaction, saved by `savedBy` at the paywall's `modifiedAt`.
   */
  update<T>(vendorId: string, paywallId: string, fn: (paywall: Paywall) => T | Promise<T>, savedBy?: SavedBy | null): Promise<T>;
  /** Every paywall of the vendor, archived ones included, oldest first. */
  list(vendorId: string): Promise<Paywall[]>;
}

/** Strategies per vendor, with the same guarantees as PaywallRepository. */
export interface StrategyRepository {
  add(strategy: Strategy, savedBy?: SavedBy | null): Promise<boolean>;
  find(vendorId: string, strategyId: string): Promise<Strategy | null>;
  update<T>(vendorId: string, strategyId: string, fn: (strategy: Strategy) => T | Promise<T>, savedBy?: SavedBy | null): Promise<T>;
  list(vendorId: string): Promise<Strategy[]>;
}

export interface RecordReadQuery {
  readonly vendorId: string;
  readonly paywallId: string;
  readonly readerKey: ReaderKey;
  readonly contentId: string;
  /** Reads at or before this instant are outside the window (see `windowStart`). */
  readonly windowStart: Date;
  /** The paywall's `count`: how many distinct contents the window may hold. */
  readonly limit: number;
  readonly now: Date;
}

export interface RecordReadResult {
  readonly outcome: LedgerOutcome;
  /**
   * Distinct contents read in the window after the decision (including this
   * one when recorded). A store may stop counting at `limit`: beyond it the
   * answer (`remaining` 0) is the same.
   */
  readonly countInWindow: number;
}

/** The reader's daily and weekly counts of strategy evaluation. */
export interface ReadCountsQuery {
  readonly vendorId: string;
  readonly readerKey: ReaderKey;
  /** Reads after this instant count as daily. */
  readonly dailySince: Date;
  /** Reads after this instant count as weekly. */
  readonly weeklySince: Date;
}

/**
 * The record of free reads of the leaky allowance.
 *
 * ATOMICITY CONTRACT. `recordReadIfAllowed` is ONE decision made by the
 * store, not a read followed by a write in the caller: 50 parallel calls for
 * 50 different contents by one reader against a `limit` of 3 must give
 * exactly 3 `recorded`, across processes. The rule is
 * `ledgerDecisionOnWindow`: `alreadyRead` when `contentId` was read with
 * `read_at > windowStart`, `limitReached` when the distinct contents in the
 * window have reached `limit`, otherwise the read is recorded. The
 * PostgreSQL adapter states it in one statement (one round trip) that runs
 * under a per-(vendor, paywall, reader) lock, so parallel requests of one
 * reader queue and each decides on what the previous ones wrote; its cost
 * depends on the window (at most `limit` index entries), not on the
 * reader's history. The in-memory ledger applies the same function with no
 * await between deciding and writing. PGlite is one session, so the
 * contract is only proven on real PostgreSQL.
 */
export interface ReadLedger {
  recordReadIfAllowed(query: RecordReadQuery): Promise<RecordReadResult>;
  /**
   * The window as `recordReadIfAllowed` would see it, recording nothing
   * (`check`, and `remaining` for entitled readers): the same summary as
   * `summariseWindow` of the reads. A plain read.
   */
  windowSummary(query: Omit<RecordReadQuery, 'now'>): Promise<WindowSummary>;
  /** The reader's reads on the paywall with `readAt > windowStart` (tools, and a blocked answer's `renewsAt`; no free read asks). */
  readsInWindow(query: Omit<RecordReadQuery, 'contentId' | 'limit' | 'now'>): Promise<RecordedRead[]>;
  /**
   * The time of the reader's oldest read on the paywall with `readAt >
   * windowStart`, null when none is: a blocked answer's `renewsAt`. One
   * lookup whatever the window holds (a bot refused at an allowance of
   * 10,000 is answered without reading its 10,000 reads).
   */
  oldestReadInWindow(query: Omit<RecordReadQuery, 'contentId' | 'limit' | 'now'>): Promise<Date | null>;
  /**
   * Distinct contents the reader read on any of the vendor's paywalls after
   * each instant: the daily and weekly read counts of strategy evaluation,
   * answered together (one statement in SQL). A plain read; consistency with
   * concurrent writes is not needed.
   */
  readCounts(query: ReadCountsQuery): Promise<{ daily: number; weekly: number }>;
  /**
   * Sign-in merge: copies every read of `from` into `into` on all of the
   * vendor's paywalls, by the rule of `mergeReads` (union, no repeated
   * read), and leaves `from`'s reads in place. Must hold the same per-reader
   * locks of `into` as `recordReadIfAllowed` (taken in a fixed order, e.g.
   * by paywall id, so merges and reads cannot deadlock) so a read racing the
   * merge is decided on the merged set. Idempotent.
   */
  mergeReader(query: { vendorId: string; from: ReaderKey; into: ReaderKey }): Promise<void>;
}

/**
 * Whether a signed-in reader holds an entitlement for the content (the
 * access module owns entitlements). A plain read; nothing is consumed.
 */
/**
 * Whether a signed-in reader holds a live entitlement that opens the
 * content: a product whose `publisherContentId` is the content, or one of
 * `skus`, the products the paywall sells (a subscriber passes the paywall
 * that sold them the subscription).
 */
export interface ContentEntitlements {
  hasAccess(query: ContentAccessQuery): Promise<boolean>;
}

export interface ContentAccessQuery {
  vendorId: string;
  userId: string;
  publisherContentId: string;
  skus?: readonly string[];
}

/**
 * A signed-in reader's read with the entitlement question asked in the same
 * step, so an adapter can answer both in one round trip (every article view
 * of a signed-in reader asks both). The rule is the one of the two ports it
 * stands for: entitled (`ContentEntitlements.hasAccess`) readers spend
 * nothing and their window is only summarised (`windowSummary`, for
 * `remaining`); the others' read is `recordReadIfAllowed`, atomically.
 * `TwoStepSignedInReads` is that rule over the two ports (the fakes use it);
 * PostgreSQL's adapter decides it in one statement.
 */
export interface SignedInReads {
  recordRead(query: RecordReadQuery, access: ContentAccessQuery): Promise<SignedInRead>;
  /** Whether the reader is entitled, and the window as `windowSummary` sees it; records nothing. */
  summariseWindow(query: Omit<RecordReadQuery, 'now'>, access: ContentAccessQuery): Promise<SignedInWindow>;
}

export type SignedInRead =
  | { readonly entitled: true; readonly window: WindowSummary }
  | { readonly entitled: false; readonly read: RecordReadResult };

export interface SignedInWindow {
  readonly entitled: boolean;
  readonly window: WindowSummary;
}

/**
 * Produces the signed link: the content URL with a `service_token` query
 * parameter (use `withServiceToken`) holding a token that
 * `/capsule/vendors/{vendorId}/verify` accepts. The HTTP layer implements it
 * with the capsule module's `signServiceToken` and the vendor's service key;
 * the adapter chooses `iss`, a unique `tid` (the capsule counts `maxUses`
 * under it) and the `tier` claim for the request's `grant`. Issuing
 * consumes nothing and needs no atomicity.
 */
export interface SignedLinkIssuer {
  issue(request: SignedLinkRequest): Promise<string>;
}
