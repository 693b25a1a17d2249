import { EntitlementRepository } from '../../access/ports';
import { ContentAccessQuery, ReadLedger, RecordReadQuery, SignedInReads } from '../../paywalls/ports';
import { minutesLater, SUITE_START } from './contract-builders';
import { ContractCase, same } from './contract-case';
import { contractEntitlement } from './entitlement-repository.contract';

/**
 * What every SignedInReads must do (paywalls/ports.ts): the rule of its two
 * ports in one step. Entitled readers (a live entitlement to one of the
 * paywall's products, or to the content) spend nothing and get the window
 * summarised; everyone else's read is the ledger's counted read. A fixture
 * answers `now` as `SUITE_START` for entitlements, and shares its ledger and
 * entitlements with `reads`; nothing is recorded or granted for its vendors.
 */
export interface SignedInReadsFixture {
  readonly reads: SignedInReads;
  readonly ledger: Pick<ReadLedger, 'recordReadIfAllowed' | 'readsInWindow'>;
  readonly entitlements: Pick<EntitlementRepository, 'grant'>;
  readonly vendorId: string;
  readonly otherVendorId: string;
}

const HOUR = 3_600_000;

/** User `u1`'s read of `contentId` on paywall `p1` at the suite's start, in a 24-hour window of 2 contents. */
function read(f: SignedInReadsFixture, contentId: string): RecordReadQuery {
  return { vendorId: f.vendorId, paywallId: 'p1', readerKey: 'user:u1', contentId, windowStart: new Date(SUITE_START.getTime() - 24 * HOUR), limit: 2, now: SUITE_START };
}

/** The paywall sells `news`; the reader asks for `contentId`. */
const access = (f: SignedInReadsFixture, contentId: string, skus: string[] = ['news']): ContentAccessQuery => ({
  vendorId: f.vendorId,
  userId: 'u1',
  publisherContentId: contentId,
  skus,
});

const summaryOf = ({ now: _now, ...query }: RecordReadQuery) => query;

async function recordedContents(f: SignedInReadsFixture): Promise<string[]> {
  const q = read(f, '');
  const reads = await f.ledger.readsInWindow({ vendorId: q.vendorId, paywallId: q.paywallId, readerKey: q.readerKey, windowStart: q.windowStart });
  return reads.map((r) => r.contentId).sort();
}

export const SIGNED_IN_READS_CONTRACT: readonly ContractCase<SignedInReadsFixture>[] = [
  {
    name: 'a reader without an entitlement: the read is counted as the ledger counts it, up to the limit',
    async run(f) {
      same(await f.reads.recordRead(read(f, 'a1'), access(f, 'a1')), { entitled: false, read: { outcome: 'recorded', countInWindow: 1 } }, 'first');
      same(await f.reads.recordRead(read(f, 'a1'), access(f, 'a1')), { entitled: false, read: { outcome: 'alreadyRead', countInWindow: 1 } }, 'again');
      same(await f.reads.recordRead(read(f, 'a2'), access(f, 'a2')), { entitled: false, read: { outcome: 'recorded', countInWindow: 2 } }, 'second');
      same(await f.reads.recordRead(read(f, 'a3'), access(f, 'a3')), { entitled: false, read: { outcome: 'limitReached', countInWindow: 2 } }, 'third');
      same(await recordedContents(f), ['a1', 'a2'], 'recorded');
    },
  },
  {
    name: 'a reader entitled to a product the paywall sells spends nothing, and the window is summarised',
    async run(f) {
      await f.ledger.recordReadIfAllowed(read(f, 'a1'));
      await f.entitlements.grant(contractEntitlement(f.vendorId, 'e1', { userId: 'u1', sku: 'news', publisherContentId: null }));
      same(await f.reads.recordRead(read(f, 'a2'), access(f, 'a2')), { entitled: true, window: { countInWindow: 1, alreadyRead: false } }, 'new content');
      same(await f.reads.recordRead(read(f, 'a1'), access(f, 'a1')), { entitled: true, window: { countInWindow: 1, alreadyRead: true } }, 'read before');
      same(await recordedContents(f), ['a1'], 'nothing recorded');
      same(await f.reads.summariseWindow(summaryOf(read(f, 'a2')), access(f, 'a2')), { entitled: true, window: { countInWindow: 1, alreadyRead: false } }, 'summary');
    },
  },
  {
    name: 'an entitlement to the content itself opens it, whatever the paywall sells',
    async run(f) {
      await f.entitlements.grant(contractEntitlement(f.vendorId, 'e1', { userId: 'u1', sku: 'single-a1', publisherContentId: 'a1' }));
      same((await f.reads.recordRead(read(f, 'a1'), access(f, 'a1', []))).entitled, true, 'the content');
      same((await f.reads.recordRead(read(f, 'a2'), access(f, 'a2', []))).entitled, false, 'another content');
      same(await recordedContents(f), ['a2'], 'only the other content is counted');
    },
  },
  {
    name: 'an entitlement ending later opens; a revoked, ended, other product, other user or other vendor one does not',
    async run(f) {
      const closed = [
        contractEntitlement(f.vendorId, 'revoked', { userId: 'u1', revokedAt: minutesLater(-5) }),
        contractEntitlement(f.vendorId, 'ended', { userId: 'u1', expiresAt: SUITE_START, origin: { type: 'CONTRACT', id: 'c2', listId: null, name: null } }),
        contractEntitlement(f.vendorId, 'other-product', { userId: 'u1', sku: 'sport', publisherContentId: 'sport' }),
        contractEntitlement(f.vendorId, 'other-user', { userId: 'u2' }),
        contractEntitlement(f.otherVendorId, 'other-vendor', { userId: 'u1' }),
      ];
      for (const e of closed) await f.entitlements.grant(e);
      same((await f.reads.recordRead(read(f, 'a1'), access(f, 'a1'))).entitled, false, 'none of them opens');
      same((await f.reads.summariseWindow(summaryOf(read(f, 'a1')), access(f, 'a1'))).entitled, false, 'nor in the summary');
      await f.entitlements.grant(contractEntitlement(f.vendorId, 'later', { userId: 'u1', expiresAt: minutesLater(1), origin: { type: 'CONTRACT', id: 'c3', listId: null, name: null } }));
      same(await f.reads.recordRead(read(f, 'a2'), access(f, 'a2')), { entitled: true, window: { countInWindow: 1, alreadyRead: false } }, 'ending later');
    },
  },
];
