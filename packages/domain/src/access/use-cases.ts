import { Clock, EventOutbox, IdGenerator } from '../shared';
import { Entitlement, entitlementGranted, entitlementRevoked, entitlementTypeOf, hasAccess } from './entitlement';
import { ContentProducts, ContractAccessSource, EntitlementRepository, SeatProvisioning } from './ports';
import { ContractAccessView, Grant, planAccess, grantsOf } from './rules';

export const CONTRACT_ORIGIN = 'CONTRACT' as const;

/** Entitlements with `hasAccess` worked out at one moment. */
export type EntitlementWithAccess = Entitlement & { readonly hasAccess: boolean };

/**
 * Brings a contract's entitlements in line with the contract as it is now:
 * grants what it gives and has not given, revokes what it gave and no longer
 * gives, moves end dates, and reports granted seats to the contracts module;
 * `entitlement.granted` and `entitlement.revoked` go to the outbox with the
 * rows (a moved end date is no grant). Every contract event runs it, so a repeated, late or reordered event
 * changes nothing that is already right (delivery is at least once).
 */
export class SyncContractAccess {
  constructor(
    private readonly contracts: ContractAccessSource,
    private readonly entitlements: EntitlementRepository,
    private readonly products: ContentProducts,
    private readonly seats: SeatProvisioning,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: { vendorId: string; contractId: string }): Promise<{ granted: Entitlement[]; revoked: Entitlement[] }> {
    const contract = await this.contracts.find(command.vendorId, command.contractId);
    if (!contract) return { granted: [], revoked: [] };
    const now = this.clock.now();
    const given = await this.entitlements.listByOrigin(contract.vendorId, CONTRACT_ORIGIN, contract.contractId);
    const plan = planAccess(grantsOf(contract), given, contract.expiresAt);

    const granted: Entitlement[] = [];
    const live: { grant: Grant; entitlement: Entitlement }[] = plan.keep.map((k) => ({ grant: k.grant, entitlement: k.existing }));
    for (const { grant, existing } of plan.grant) {
      const entitlement = await this.entitlements.grant(await this.entitlementFor(contract, grant, existing, now));
      if (existing === null || existing.revokedAt !== null) await this.outbox.append(entitlementGranted(entitlement, now));
      granted.push(entitlement);
      live.push({ grant, entitlement });
    }
    for (const entitlement of plan.revoke) {
      await this.entitlements.revoke(contract.vendorId, entitlement.id, now);
      await this.outbox.append(entitlementRevoked(entitlement, now));
    }

    for (const { grant, entitlement } of live.filter((l) => l.grant.seat)) {
      const seat = contract.seatHolders.find((h) => h.userId === grant.userId && h.itemSku === grant.itemSku);
      if (seat && (seat.status !== 'ACTIVE' || seat.entitlementId !== entitlement.id)) {
        await this.seats.provisioned({
          vendorId: contract.vendorId,
          contractId: contract.contractId,
          userId: grant.userId,
          itemSku: grant.itemSku,
          entitlementId: entitlement.id,
        });
      }
    }
    return { granted, revoked: [...plan.revoke] };
  }

  private async entitlementFor(
    contract: ContractAccessView,
    grant: Grant,
    existing: Entitlement | null,
    now: Date,
  ): Promise<Entitlement> {
    // The content product's own details; a license whose content product is not in the catalog shows the item.
    const product = await this.products.find(contract.vendorId, grant.sku);
    return {
      id: existing?.id ?? this.ids.next(),
      vendorId: contract.vendorId,
      userId: grant.userId,
      sku: grant.sku,
      purchaseOptionId: grant.purchaseOptionId,
      type: entitlementTypeOf(product?.productType ?? null),
      title: product?.title ?? grant.itemName,
      cover: product?.cover ?? grant.itemCover,
      url: existing?.url ?? null,
      presentationUrl: existing?.presentationUrl ?? null,
      publisherContentId: product?.publisherContentId ?? null,
      origin: { type: CONTRACT_ORIGIN, id: contract.contractId, listId: null, name: contract.name },
      createdAt: existing?.createdAt ?? now,
      updatedAt: now,
      expiresAt: contract.expiresAt,
      revokedAt: null,
    };
  }
}

/** The entitlements a user holds (revoked ones left out), with `hasAccess` now. */
export class ListUserEntitlements {
  constructor(
    private readonly entitlements: Pick<EntitlementRepository, 'listByUser'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; userId: string }): Promise<EntitlementWithAccess[]> {
    const now = this.clock.now();
    return (await this.entitlements.listByUser(command.vendorId, command.userId))
      .filter((e) => e.revokedAt === null)
      .map((e) => ({ ...e, hasAccess: hasAccess(e, now) }));
  }
}

/**
 * Whether a user may use a product now: some live entitlement for the sku,
 * or for the content id. This is the paywall's `ContentEntitlements` question too.
 */
export class CheckAccess {
  constructor(
    private readonly entitlements: Pick<EntitlementRepository, 'listByUser'>,
    private readonly clock: Clock,
  ) {}

  async execute(query: { vendorId: string; userId: string; sku?: string; skus?: readonly string[]; publisherContentId?: string }): Promise<boolean> {
    const skus = new Set([...(query.skus ?? []), ...(query.sku !== undefined ? [query.sku] : [])]);
    if (skus.size === 0 && query.publisherContentId === undefined) return false;
    const now = this.clock.now();
    return (await this.entitlements.listByUser(query.vendorId, query.userId)).some(
      (e) => hasAccess(e, now) && (skus.has(e.sku) || (query.publisherContentId !== undefined && e.publisherContentId === query.publisherContentId)),
    );
  }

  /** The paywalls module's port (`ContentEntitlements.hasAccess`): the content itself, or a product the paywall sells. */
  hasAccess(query: { vendorId: string; userId: string; publisherContentId: string; skus?: readonly string[] }): Promise<boolean> {
    return this.execute(query);
  }
}
