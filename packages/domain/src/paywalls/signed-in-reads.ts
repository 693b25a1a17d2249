import { ContentAccessQuery, ContentEntitlements, ReadLedger, RecordReadQuery, SignedInRead, SignedInReads, SignedInWindow } from './ports';

/** `SignedInReads.summariseWindow` in two steps: the entitlement, then the ledger's summary. */
export class TwoStepSignedInWindow implements Pick<SignedInReads, 'summariseWindow'> {
  constructor(
    protected readonly ledger: Pick<ReadLedger, 'windowSummary'>,
    protected readonly entitlements: ContentEntitlements,
  ) {}

  async summariseWindow(query: Omit<RecordReadQuery, 'now'>, access: ContentAccessQuery): Promise<SignedInWindow> {
    const entitled = await this.entitlements.hasAccess(access);
    return { entitled, window: await this.ledger.windowSummary(query) };
  }
}

/**
 * `SignedInReads` in two steps over the two ports it stands for: the
 * entitlement first, then the ledger. What the use cases run when no adapter
 * answers both at once (the in-memory fakes, a kit without PostgreSQL).
 */
export class TwoStepSignedInReads extends TwoStepSignedInWindow implements SignedInReads {
  constructor(
    protected override readonly ledger: Pick<ReadLedger, 'recordReadIfAllowed' | 'windowSummary'>,
    entitlements: ContentEntitlements,
  ) {
    super(ledger, entitlements);
  }

  async recordRead(query: RecordReadQuery, access: ContentAccessQuery): Promise<SignedInRead> {
    if (await this.entitlements.hasAccess(access)) {
      const { now: _now, ...summary } = query;
      return { entitled: true, window: await this.ledger.windowSummary(summary) };
    }
    return { entitled: false, read: await this.ledger.recordReadIfAllowed(query) };
  }
}
