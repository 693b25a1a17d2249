import { Clock } from '../shared';
import { InvalidReadRequest, PaywallNotFound } from './errors';
import { isHttpUrl, MAX_URL_LENGTH } from './field-checks';
import { AllowedReason, BlockedReason, decideOnWindow, decisionFromLedger, HOUR_MS, ReadDecision, windowStart, WindowSummary } from './leaky-allowance';
import { Paywall } from './paywall';
import { PaywallPublicView } from './paywall-content';
import { ContentAccessQuery, ContentEntitlements, PaywallRepository, ReadLedger, RecordReadQuery, SignedInReads, SignedLinkIssuer } from './ports';
import { TwoStepSignedInReads, TwoStepSignedInWindow } from './signed-in-reads';
import { readerKeyOf, userReaderKey, visitorReaderKey } from './reader';
import { SIGNED_LINK_LIFETIME_SECONDS, SIGNED_LINK_MAX_USES } from './signed-link';

/** Body of `POST /paywalls/{paywallId}/access` and `.../access/check`, with who asks. */
export interface PaywallAccessCommand {
  readonly vendorId: string;
  readonly paywallId: string;
  /** The signed-in user, when there is one; reads are then counted for the user. */
  readonly userId?: string | null;
  /** The visitor id of Basic credentials; used when nobody is signed in. */
  readonly visitorId?: string | null;
  readonly publisherContentId: string;
  readonly url: string;
}

export type PaywallAccessResult =
  | { readonly status: 'allowed'; readonly signedLink: string; readonly remaining: number; readonly reason: AllowedReason; readonly renewsAt: null }
  | {
      readonly status: 'blocked';
      readonly remaining: number;
      readonly reason: BlockedReason;
      readonly paywall: PaywallPublicView;
      /** When the spent allowance gives a free read back (`renewalOf`); null when no read of the window will expire. */
      readonly renewsAt: Date | null;
    };

export interface PaywallCheckResult {
  readonly status: 'allowed' | 'blocked';
  /** What `access` would answer now: free reads left after opening this content. */
  readonly remaining: number;
  readonly reason: AllowedReason | BlockedReason;
  readonly paywall: PaywallPublicView;
  /** Blocked by the spent allowance: when a free read comes back (`renewalOf`); null otherwise. */
  readonly renewsAt: Date | null;
}

/**
 * When a reader whose free reads are spent gets one back: the window is
 * rolling, so the oldest read in it leaves the window `periodInHours` after
 * it was made, and its place is free again. Null when no read is in the
 * window (a limit of 0, or the allowance switched off: nothing renews).
 * Asked only for a blocked answer, so the hot path of a free read pays nothing.
 */
export async function renewalOf(
  ledger: Pick<ReadLedger, 'oldestReadInWindow'>,
  query: Omit<RecordReadQuery, 'now'>,
  leaky: Paywall['content']['settings']['leaky'],
  reason: AllowedReason | BlockedReason,
): Promise<Date | null> {
  if (reason !== 'limit_reached' || !leaky.enabled || leaky.count <= 0) return null;
  const oldest = await ledger.oldestReadInWindow({ vendorId: query.vendorId, paywallId: query.paywallId, readerKey: query.readerKey, windowStart: query.windowStart });
  return oldest ? new Date(oldest.getTime() + leaky.periodInHours * HOUR_MS) : null;
}

const MAX_CONTENT_ID_LENGTH = 256;

function checkRequest(command: PaywallAccessCommand): void {
  const id = command.publisherContentId;
  if (typeof id !== 'string' || id.trim().length === 0 || id.length > MAX_CONTENT_ID_LENGTH) {
    throw new InvalidReadRequest('publisherContentId', `must be 1 to ${MAX_CONTENT_ID_LENGTH} characters`);
  }
  if (typeof command.url !== 'string' || command.url.length > MAX_URL_LENGTH || !isHttpUrl(command.url)) {
    throw new InvalidReadRequest('url', 'must be an absolute http or https address');
  }
  // Somebody must be reading: ReaderUnknown comes before any lookup.
  readerKeyOf(command);
}

/** Readers see only active paywalls; an archived or foreign one does not exist for them. */
async function activePaywall(paywalls: Pick<PaywallRepository, 'find'>, command: PaywallAccessCommand): Promise<Paywall> {
  const paywall = await paywalls.find(command.vendorId, command.paywallId);
  if (!paywall || !paywall.isActive) throw new PaywallNotFound(command.paywallId);
  return paywall;
}

/**
 * The entitlement question of a signed-in reader: the content itself, or a
 * product the paywall sells. Visitors hold no entitlements (only a signed-in
 * user can have bought something), so they have none to ask.
 */
function accessQueryOf(command: PaywallAccessCommand, paywall: Paywall): ContentAccessQuery | null {
  if (!command.userId) return null;
  const skus = [...new Set(paywall.content.subscriptions.map((s) => s.sku))];
  return {
    vendorId: command.vendorId,
    userId: command.userId,
    publisherContentId: command.publisherContentId,
    ...(skus.length > 0 ? { skus } : {}),
  };
}

const NOTHING_READ: WindowSummary = { countInWindow: 0, alreadyRead: false };

/** The reader's window on the paywall at `now`, as the ledger is asked about it (the leaky allowance's period and count). */
function windowQueryOf(command: PaywallAccessCommand, paywall: Paywall, now: Date): Omit<RecordReadQuery, 'now'> {
  const leaky = paywall.content.settings.leaky;
  return {
    vendorId: command.vendorId,
    paywallId: paywall.id,
    readerKey: readerKeyOf(command),
    contentId: command.publisherContentId,
    windowStart: windowStart(now, leaky.periodInHours),
    limit: leaky.count,
  };
}

/**
 * `POST /paywalls/{paywallId}/access` (rule 1): records a read against the
 * leaky allowance and answers a signed link, or the paywall when the free
 * limit is reached. The ledger makes the decision atomically.
 */
export class RecordPaywallAccess {
  private readonly signedIn: SignedInReads;

  /** `signedIn` answers a signed-in reader's entitlement and read together; without it, the two ports in turn. */
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'find'>,
    private readonly ledger: Pick<ReadLedger, 'recordReadIfAllowed' | 'windowSummary' | 'oldestReadInWindow'>,
    entitlements: ContentEntitlements,
    private readonly links: SignedLinkIssuer,
    private readonly clock: Clock,
    signedIn?: SignedInReads,
  ) {
    this.signedIn = signedIn ?? new TwoStepSignedInReads(ledger, entitlements);
  }

  async execute(command: PaywallAccessCommand): Promise<PaywallAccessResult> {
    checkRequest(command);
    const paywall = await activePaywall(this.paywalls, command);
    const now = this.clock.now();
    const leaky = paywall.content.settings.leaky;
    const query = windowQueryOf(command, paywall, now);
    const decision = await this.decide(leaky, query, now, accessQueryOf(command, paywall));
    if (decision.status === 'blocked') {
      const renewsAt = await renewalOf(this.ledger, query, leaky, decision.reason);
      return { status: 'blocked', remaining: decision.remaining, reason: decision.reason, paywall: paywall.toPublicView(), renewsAt };
    }
    const signedLink = await this.links.issue({
      vendorId: command.vendorId,
      paywallId: paywall.id,
      url: command.url,
      contentId: command.publisherContentId,
      userId: command.userId || null,
      visitorId: command.userId ? null : (command.visitorId ?? null),
      grant: decision.reason === 'entitled' ? 'entitled' : 'metered',
      issuedAt: now,
      expiresAt: new Date(now.getTime() + SIGNED_LINK_LIFETIME_SECONDS * 1000),
      maxUses: SIGNED_LINK_MAX_USES,
      meta: { paywallId: paywall.id, reason: decision.reason },
    });
    return { status: 'allowed', signedLink, remaining: decision.remaining, reason: decision.reason, renewsAt: null };
  }

  /** Entitled readers spend nothing (their window is looked at only to report `remaining`); the others' read is counted. */
  private async decide(
    leaky: Paywall['content']['settings']['leaky'],
    query: Omit<RecordReadQuery, 'now'>,
    now: Date,
    access: ContentAccessQuery | null,
  ): Promise<ReadDecision> {
    if (!leaky.enabled) {
      const signedIn = access ? await this.signedIn.summariseWindow(query, access) : null;
      return signedIn?.entitled
        ? decideOnWindow({ leaky, window: signedIn.window, entitled: true })
        : decideOnWindow({ leaky, window: NOTHING_READ, entitled: false });
    }
    if (!access) {
      const { outcome, countInWindow } = await this.ledger.recordReadIfAllowed({ ...query, now });
      return decisionFromLedger(outcome, countInWindow, leaky.count);
    }
    const read = await this.signedIn.recordRead({ ...query, now }, access);
    return read.entitled
      ? decideOnWindow({ leaky, window: read.window, entitled: true })
      : decisionFromLedger(read.read.outcome, read.read.countInWindow, leaky.count);
  }
}

/** `POST /paywalls/{paywallId}/access/check` (rule 2): the same decision, recording nothing. */
export class CheckPaywallAccess {
  private readonly signedIn: Pick<SignedInReads, 'summariseWindow'>;

  /** `signedIn` answers a signed-in reader's entitlement and window together; without it, the two ports in turn. */
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'find'>,
    private readonly ledger: Pick<ReadLedger, 'windowSummary' | 'oldestReadInWindow'>,
    entitlements: ContentEntitlements,
    private readonly clock: Clock,
    signedIn?: Pick<SignedInReads, 'summariseWindow'>,
  ) {
    this.signedIn = signedIn ?? new TwoStepSignedInWindow(ledger, entitlements);
  }

  async execute(command: PaywallAccessCommand): Promise<PaywallCheckResult> {
    checkRequest(command);
    const paywall = await activePaywall(this.paywalls, command);
    const now = this.clock.now();
    const leaky = paywall.content.settings.leaky;
    const query = windowQueryOf(command, paywall, now);
    const access = accessQueryOf(command, paywall);
    const { entitled, window } = access
      ? await this.signedIn.summariseWindow(query, access)
      : { entitled: false, window: leaky.enabled ? await this.ledger.windowSummary(query) : NOTHING_READ };
    const decision = decideOnWindow({ leaky, window: entitled || leaky.enabled ? window : NOTHING_READ, entitled });
    const renewsAt = decision.status === 'blocked' && !entitled ? await renewalOf(this.ledger, query, leaky, decision.reason) : null;
    return { status: decision.status, remaining: decision.remaining, reason: decision.reason, paywall: paywall.toPublicView(), renewsAt };
  }
}

/**
 * On sign-in, the visitor's reads count for the user from then on
 * (DESIGN.md section 6). Safe to repeat.
 */
export class MergeVisitorReads {
  constructor(private readonly ledger: Pick<ReadLedger, 'mergeReader'>) {}

  execute(command: { vendorId: string; visitorId: string; userId: string }): Promise<void> {
    return this.ledger.mergeReader({
      vendorId: command.vendorId,
      from: visitorReaderKey(command.visitorId),
      into: userReaderKey(command.userId),
    });
  }
}
