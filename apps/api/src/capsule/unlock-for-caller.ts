import { Clock } from '@kiosk/domain';
import { CapsuleVendorNotFound, UnlockAnswer, UnlockContent, UnlockKeyRequest } from '@kiosk/domain/capsule';
import { ReaderScopes } from './reader-scopes';
import { TypeOrmCapsuleKeyStore, TypeOrmShareTokenUseCounter } from './typeorm-capsule.stores';

export interface UnlockForCallerCommand {
  vendorId: string;
  resourceJWT: string;
  keys: readonly UnlockKeyRequest[];
  shareToken?: string;
  clientPublicKey?: string;
  /** `accessType: "article"`: content keys only. */
  directOnly?: boolean;
  /** The signed-in reader of this vendor (bearer token or cookie session). */
  readerId?: string;
}

/**
 * Application service of the unlock route: the vendor's configured mode, the
 * reader's grants through the `ReaderScopes` port, share-token uses counted
 * per vendor in PostgreSQL; the decision itself is the domain's `UnlockContent`.
 * The mode, keys and product-scope mapping come from the configuration cache,
 * so a warm unlock sends only the reader's entitlements read and, for a
 * limited token that grants something, its use.
 */
export class UnlockForCaller {
  constructor(
    private readonly store: TypeOrmCapsuleKeyStore,
    private readonly uses: TypeOrmShareTokenUseCounter,
    private readonly readers: ReaderScopes,
    private readonly clock: Clock,
  ) {}

  async execute(command: UnlockForCallerCommand): Promise<UnlockAnswer> {
    const mode = await this.store.mode(command.vendorId);
    if (!mode) throw new CapsuleVendorNotFound(command.vendorId);
    const held = command.readerId ? await this.readers.grantsOf(command.vendorId, command.readerId) : { scopes: [], resourceIds: [] };
    const unlock = new UnlockContent(this.store, this.uses.forVendor(command.vendorId), this.clock);
    return unlock.execute({
      vendorId: command.vendorId,
      resourceJWT: command.resourceJWT,
      keys: command.keys,
      shareToken: command.shareToken,
      clientPublicKey: command.clientPublicKey,
      directOnly: command.directOnly,
      grantedScopes: held.scopes,
      grantedResources: held.resourceIds,
      mode,
    });
  }
}
