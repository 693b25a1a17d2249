import {
  ChangePaywall,
  CheckPaywallAccess,
  CreatePaywall,
  CreateStrategy,
  ExecuteStrategy,
  GetPublicPaywall,
  MergeVisitorReads,
  PaywallContentInput,
  RecordPaywallAccess,
  RetirePaywall,
} from '../../src/paywalls';
import { FakeClock, SequentialIds } from '../../src/testing';
import {
  FakeSignedLinkIssuer,
  InMemoryContentEntitlements,
  InMemoryPaywallRepository,
  InMemoryReadLedger,
  InMemoryStrategyRepository,
} from '../../src/testing/in-memory-paywalls';

export const VENDOR = 'acme';
export const T0 = new Date('2026-03-01T12:00:00.000Z');
export const HOUR = 60 * 60 * 1000;

/** A paywall with 3 free reads a day: the object mother most tests start from. */
export const meteredContent = (leaky: Partial<{ enabled: boolean; count: number; periodInHours: number }> = {}): PaywallContentInput => ({
  currency: 'SEK',
  headline: 'Read on with a subscription',
  mainColor: '#0a7cff',
  settings: { leaky: { enabled: true, count: 3, periodInHours: 24, ...leaky } },
  subscriptions: [{ id: 'sub-1', sku: 'news', poId: 'po-month', title: 'Monthly', price: 99, periodText: 'per month' }],
});

/** Every port in memory and every use case wired, at T0. */
export function world() {
  const clock = new FakeClock(T0);
  const ids = new SequentialIds('pw-');
  const paywalls = new InMemoryPaywallRepository();
  const strategies = new InMemoryStrategyRepository();
  const ledger = new InMemoryReadLedger();
  const entitlements = new InMemoryContentEntitlements();
  const links = new FakeSignedLinkIssuer();
  return {
    clock,
    paywalls,
    strategies,
    ledger,
    entitlements,
    links,
    createPaywall: new CreatePaywall(paywalls, ids, clock),
    changePaywall: new ChangePaywall(paywalls, clock),
    retirePaywall: new RetirePaywall(paywalls, clock),
    getPublic: new GetPublicPaywall(paywalls),
    access: new RecordPaywallAccess(paywalls, ledger, entitlements, links, clock),
    check: new CheckPaywallAccess(paywalls, ledger, entitlements, clock),
    merge: new MergeVisitorReads(ledger),
    createStrategy: new CreateStrategy(strategies, new SequentialIds('st-'), clock),
    executeStrategy: new ExecuteStrategy(strategies, paywalls, ledger, clock),
  };
}
