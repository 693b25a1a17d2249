import { Clock } from '../shared';
import { InvalidReadRequest, PaywallNotFound } from './errors';
import { isHttpUrl, MAX_URL_LENGTH } from './field-checks';
import { AllowedReason, BlockedReason, decideOnWindow, decisionFromLedger, ReadDecision, windowStart } from './leaky-allowance';
import { Paywall } from './paywall';
import { PaywallPublicView } from './paywall-content';
import { ContentEntitlements, PaywallRepository, ReadLedger, SignedLinkIssuer } from './ports';
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
  | { readonly status: 'allowed'; readonly signedLink: string; readonly remaining: number; readonly reason: AllowedReason }
  | { readonly status: 'blocked'; readonly remaining: number; readonly reason: BlockedReason; readonly paywall: PaywallPublicView };

export interface PaywallCheckResult {
  readonly status: 'allowed' | 'blocked';
  /** What `access` would answer now: free reads left after opening this content. */
  readonly remaining: number;
  readonly reason: AllowedReason | BlockedReason;
  readonly paywall: PaywallPublicView;
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
}

/** Readers see only active paywalls; an archived or foreign one does not exist for them. */
async function activePaywall(paywalls: Pick<PaywallRepository, 'find'>, command: PaywallAccessCommand): Promise<Paywall> {
  const paywall = await paywalls.find(command.vendorId, command.paywallId);
  if (!paywall || !paywall.isActive) throw new PaywallNotFound(command.paywallId);
  return paywall;
}

/** Entitled to the content itself, or to a product the paywall sells. */
async function isEntitled(entitlements: ContentEntitlements, command: PaywallAccessCommand, paywall: Paywall): Promise<boolean> {
  // Visitors hold no entitlements: only a signed-in user can have bought something.
  if (!command.userId) return false;
  const skus = [...new Set(paywall.content.subscriptions.map((s) => s.sku))];
  return entitlements.hasAccess({
    vendorId: command.vendorId,
    userId: command.userId,
    publisherContentId: command.publisherContentId,
    ...(skus.length > 0 ? { skus } : {}),
  });
}

/**
 * `POST /paywalls/{paywallId}/access` (rule 1): records a read against the
 * leaky allowance and answers a signed link, or the paywall when the free
 * limit is reached. The ledger makes the decision atomically.
 */
export class RecordPaywallAccess {
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'find'>,
    private readonly ledger: Pick<ReadLedger, 'recordReadIfAllowed' | 'windowSummary'>,
    private readonly entitlements: ContentEntitlements,
    private readonly links: SignedLinkIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(command: PaywallAccessCommand): Promise<PaywallAccessResult> {
    checkRequest(command);
    const readerKey = readerKeyOf(command);
    const paywall = await activePaywall(this.paywalls, command);
    const now = this.clock.now();
    const leaky = paywall.content.settings.leaky;
    const query = {
      vendorId: command.vendorId,
      paywallId: paywall.id,
      readerKey,
      contentId: command.publisherContentId,
      windowStart: windowStart(now, leaky.periodInHours),
      limit: leaky.count,
    };
    let decision: ReadDecision;
    if (await isEntitled(this.entitlements, command, paywall)) {
      // Entitled readers spend nothing; their window is looked at only to report `remaining`.
      decision = decideOnWindow({ leaky, window: await this.ledger.windowSummary(query), entitled: true });
    } else if (!leaky.enabled) {
      decision = decideOnWindow({ leaky, window: { countInWindow: 0, alreadyRead: false }, entitled: false });
    } else {
      const { outcome, countInWindow } = await this.ledger.recordReadIfAllowed({ ...query, now });
      decision = decisionFromLedger(outcome, countInWindow, leaky.count);
    }
    if (decision.status === 'blocked') {
      return { status: 'blocked', remaining: decision.remaining, reason: decision.reason, paywall: paywall.toPublicView() };
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
    return { status: 'allowed', signedLink, remaining: decision.remaining, reason: decision.reason };
  }
}

/** `POST /paywalls/{paywallId}/access/check` (rule 2): the same decision, recording nothing. */
export class CheckPaywallAccess {
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'find'>,
    private readonly ledger: Pick<ReadLedger, 'windowSummary'>,
    private readonly entitlements: ContentEntitlements,
    private readonly clock: Clock,
  ) {}

  async execute(command: PaywallAccessCommand): Promise<PaywallCheckResult> {
    checkRequest(command);
    const readerKey = readerKeyOf(command);
    const paywall = await activePaywall(this.paywalls, command);
    const now = this.clock.now();
    const leaky = paywall.content.settings.leaky;
    const entitled = await isEntitled(this.entitlements, command, paywall);
    const window =
      entitled || leaky.enabled
        ? await this.ledger.windowSummary({
            vendorId: command.vendorId,
            paywallId: paywall.id,
            readerKey,
            contentId: command.publisherContentId,
            windowStart: windowStart(now, leaky.periodInHours),
            limit: leaky.count,
          })
        : { countInWindow: 0, alreadyRead: false };
    const decision = decideOnWindow({ leaky, window, entitled });
    return { status: decision.status, remaining: decision.remaining, reason: decision.reason, paywall: paywall.toPublicView() };
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
