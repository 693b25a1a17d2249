import { LeakySettings } from './paywall-content';

/**
 * The leaky allowance as pure rules (DESIGN.md section 6). A reader gets
 * `count` distinct pieces of content per paywall in any rolling window of
 * `periodInHours`; opening content already read inside the window is free;
 * readers entitled to the content never spend a read. Adapters decide with
 * these same rules (the in-memory ledger calls them; the SQL adapter
 * states `ledgerDecisionOnWindow` in one statement under a per-reader lock).
 */

/** One counted read: the first time the reader opened the content. Re-reads do not move it. */
export interface RecordedRead {
  readonly contentId: string;
  readonly readAt: Date;
}

export const HOUR_MS = 60 * 60 * 1000;

/**
 * The window is the half-open interval (now - periodInHours, now]: a read
 * exactly `periodInHours` old has expired and frees its place.
 */
export function windowStart(now: Date, periodInHours: number): Date {
  return new Date(now.getTime() - periodInHours * HOUR_MS);
}

export function isInWindow(read: RecordedRead, start: Date): boolean {
  return read.readAt.getTime() > start.getTime();
}

/** Distinct content ids read inside the window; a content read twice counts once. */
export function distinctReadsInWindow(reads: readonly RecordedRead[], start: Date): Set<string> {
  const ids = new Set<string>();
  for (const read of reads) if (isInWindow(read, start)) ids.add(read.contentId);
  return ids;
}

/** The longest window strategy evaluation counts reads over (`reads.weekly`). */
export const STRATEGY_WINDOW_HOURS = 7 * 24;

/**
 * Reads at or before this instant can be pruned from the ledger: no window
 * of the vendor reaches them, neither a paywall's `periodInHours` (archived
 * paywalls included: they may come back) nor strategy evaluation's week.
 */
export function pruneHorizon(now: Date, paywallPeriodsInHours: readonly number[]): Date {
  const longest = Math.max(STRATEGY_WINDOW_HOURS, ...paywallPeriodsInHours.filter((h) => Number.isFinite(h)));
  return windowStart(now, longest);
}

/** Free reads left; never negative, even when the vendor lowered `count` below what was read. */
export function remainingReads(count: number, readsInWindow: number): number {
  return Math.max(0, count - readsInWindow);
}

export type AllowedReason = 'entitled' | 'already_read' | 'free_read';
export type BlockedReason = 'limit_reached' | 'leaky_disabled';

export type ReadDecision =
  | {
      readonly status: 'allowed';
      readonly reason: AllowedReason;
      /** Free reads left after this one. */
      readonly remaining: number;
      /** True only for a free read of new content: the ledger must record it. */
      readonly recordRead: boolean;
    }
  | { readonly status: 'blocked'; readonly reason: BlockedReason; readonly remaining: 0; readonly recordRead: false };

export interface ReadRequest {
  readonly leaky: LeakySettings;
  /** The reader's recorded reads on this paywall; reads outside the window are ignored. */
  readonly reads: readonly RecordedRead[];
  readonly contentId: string;
  /** The reader holds an entitlement for the content. */
  readonly entitled: boolean;
  readonly now: Date;
}

/** Decides one request. `check` uses it as is; `access` records the read when `recordRead`. */
export function decideRead(request: ReadRequest): ReadDecision {
  const inWindow = distinctReadsInWindow(request.reads, windowStart(request.now, request.leaky.periodInHours));
  return decideOnWindow({
    leaky: request.leaky,
    window: { countInWindow: inWindow.size, alreadyRead: inWindow.has(request.contentId) },
    entitled: request.entitled,
  });
}

/**
 * What a ledger tells about the reader's window without handing over the
 * reads: the distinct contents in it (a store may stop counting at the
 * paywall's `count`: beyond it nothing changes) and whether the content is
 * among them. The same summary `decideRead` makes from a list of reads.
 */
export interface WindowSummary {
  readonly countInWindow: number;
  readonly alreadyRead: boolean;
}

/** Summarises reads the way a ledger's `windowSummary` must answer. */
export function summariseWindow(reads: readonly RecordedRead[], contentId: string, start: Date, limit: number): WindowSummary {
  const inWindow = distinctReadsInWindow(reads, start);
  return { countInWindow: Math.min(inWindow.size, Math.max(0, limit)), alreadyRead: inWindow.has(contentId) };
}

/** The rule of `decideRead` on a summary of the window. */
export function decideOnWindow(request: { leaky: LeakySettings; window: WindowSummary; entitled: boolean }): ReadDecision {
  const { leaky, window } = request;
  const left = remainingReads(leaky.count, window.countInWindow);
  if (request.entitled) return { status: 'allowed', reason: 'entitled', remaining: left, recordRead: false };
  // With the allowance off the paywall is hard: no free reads, not even re-reads.
  if (!leaky.enabled) return blocked('leaky_disabled');
  if (window.alreadyRead) return { status: 'allowed', reason: 'already_read', remaining: left, recordRead: false };
  if (left === 0) return blocked('limit_reached');
  return { status: 'allowed', reason: 'free_read', remaining: left - 1, recordRead: true };
}

const blocked = (reason: BlockedReason): ReadDecision => ({ status: 'blocked', reason, remaining: 0, recordRead: false });

/** What the ledger answers to `recordReadIfAllowed`, decided atomically by the adapter. */
export type LedgerOutcome = 'recorded' | 'alreadyRead' | 'limitReached';

/**
 * The ledger's one decision, given the reader's reads on the paywall: the
 * rule a ReadLedger adapter applies while it holds the reader's lock.
 * `countInWindow` is the distinct count after the decision.
 */
export function ledgerDecision(query: {
  readonly reads: readonly RecordedRead[];
  readonly contentId: string;
  readonly windowStart: Date;
  readonly limit: number;
}): { outcome: LedgerOutcome; countInWindow: number } {
  return ledgerDecisionOnWindow(summariseWindow(query.reads, query.contentId, query.windowStart, query.limit), query.limit);
}

/**
 * `ledgerDecision` on a summary of the window: the rule a SQL adapter states
 * in its statement (count in the window up to `limit`, "already read", insert).
 */
export function ledgerDecisionOnWindow(window: WindowSummary, limit: number): { outcome: LedgerOutcome; countInWindow: number } {
  if (window.alreadyRead) return { outcome: 'alreadyRead', countInWindow: window.countInWindow };
  if (window.countInWindow >= limit) return { outcome: 'limitReached', countInWindow: window.countInWindow };
  return { outcome: 'recorded', countInWindow: window.countInWindow + 1 };
}

/** The ledger's outcome in the terms of `decideRead`, so both paths answer alike. */
export function decisionFromLedger(outcome: LedgerOutcome, countInWindow: number, limit: number): ReadDecision {
  const remaining = remainingReads(limit, countInWindow);
  switch (outcome) {
    case 'recorded':
      return { status: 'allowed', reason: 'free_read', remaining, recordRead: true };
    case 'alreadyRead':
      return { status: 'allowed', reason: 'already_read', remaining, recordRead: false };
    case 'limitReached':
      return blocked('limit_reached');
  }
}

/**
 * Sign-in merge: the visitor's reads join the user's (the union, without
 * repeating a read both already hold, so merging twice changes nothing).
 * Counting stays right because it counts distinct content in the window: a
 * content read under both keys is one read. The visitor keeps its own
 * reads, so signing out does not hand out a fresh allowance.
 */
export function mergeReads(userReads: readonly RecordedRead[], visitorReads: readonly RecordedRead[]): RecordedRead[] {
  const merged = new Map<string, RecordedRead>();
  for (const read of [...userReads, ...visitorReads]) merged.set(`${read.readAt.toISOString()} ${read.contentId}`, read);
  return [...merged.values()].sort((a, b) => a.readAt.getTime() - b.readAt.getTime());
}
