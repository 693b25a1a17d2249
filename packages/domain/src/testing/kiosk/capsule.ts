import { Entitlement, hasAccess } from '../../access';
import { GetCapsuleJwks, ListProductScopes, scopesGrantedBy, SetProductScopes, UnlockAnswer, UnlockCommand, UnlockContent } from '../../capsule';
import { InMemoryCapsuleKeyStore, InMemoryProductScopeRepository, InMemoryShareTokenUseCounter } from '../in-memory-capsule';
import { KioskCore } from './core';

/** The reader's entitlements as the access module lists them. */
export type ReaderEntitlementList = {
  execute(query: { vendorId: string; userId: string }): Promise<Pick<Entitlement, 'sku' | 'revokedAt' | 'expiresAt' | 'publisherContentId'>[]>;
};

/**
 * The unlock route's application service (apps/api UnlockForCaller): a
 * signed-in reader's grants are the scopes the vendor maps to the skus they
 * hold at the clock's now, and the content ids of single items they bought.
 */
export class UnlockForReader {
  constructor(
    private readonly unlock: UnlockContent,
    private readonly entitlements: ReaderEntitlementList,
    private readonly scopes: InMemoryProductScopeRepository,
    private readonly clock: KioskCore['clock'],
  ) {}

  async execute(command: Omit<UnlockCommand, 'grantedScopes' | 'grantedResources'> & { userId?: string }): Promise<UnlockAnswer> {
    const { userId, ...unlock } = command;
    if (!userId) return this.unlock.execute(unlock);
    const now = this.clock.now();
    const held = (await this.entitlements.execute({ vendorId: command.vendorId, userId })).filter((e) => hasAccess(e, now));
    const mappings = await this.scopes.forSkus(command.vendorId, [...new Set(held.map((e) => e.sku))]);
    return this.unlock.execute({
      ...unlock,
      grantedScopes: scopesGrantedBy(held, mappings, now),
      grantedResources: [...new Set(held.flatMap((e) => (e.publisherContentId ? [e.publisherContentId] : [])))],
    });
  }
}

/** The capsule module: vendor key material (`repositories.keys.put(...)`), product scopes, unlocks. */
export function wireCapsule(core: KioskCore, entitlements: ReaderEntitlementList) {
  const { clock, products } = core;
  const keys = new InMemoryCapsuleKeyStore();
  const scopes = new InMemoryProductScopeRepository();
  const shareTokenUses = new InMemoryShareTokenUseCounter();
  const unlockContent = new UnlockContent(keys, shareTokenUses, clock);
  return {
    repositories: { keys, scopes, shareTokenUses },
    useCases: {
      setProductScopes: new SetProductScopes(products, scopes, clock),
      listProductScopes: new ListProductScopes(scopes),
      /** An unlock as the service runs it for a caller: with `userId`, what that reader holds is granted. */
      unlock: new UnlockForReader(unlockContent, entitlements, scopes, clock),
      jwks: new GetCapsuleJwks(keys),
    },
  };
}
