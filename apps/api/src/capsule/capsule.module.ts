import { ListUserEntitlements } from '@kiosk/domain/access';
import { GetCapsuleJwks, ListProductScopes, ProductScopeRepository, SetProductScopes, VerifyServiceToken } from '@kiosk/domain/capsule';
import { ServiceIdentifier } from 'inversify';
import { ACCESS } from '../access/access.module';
import { CATALOG } from '../catalog/catalog.module';
import { AccessTokenVerifier, BrowserCookies, IDENTITY } from '../identity/identity.module';
import { ConfigCache } from '../platform/cache/config-cache';
import { SealedBox } from '../platform/crypto/sealed-box';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { SignedLinkAccessTokens } from './access-token-signer';
import { CachedProductScopeRepository } from './cached-product-scopes.repository';
import { CapsuleController } from './capsule.controller';
import { CapsuleKeyManagement } from './capsule-keys.service';
import { CapsuleManagementController } from './capsule-management.controller';
import { CapsuleContentLinkSigner, productTiers } from './content-link-signer';
import { ProductScopesController } from './product-scopes.controller';
import { EntitlementReaderScopes, ReaderScopes } from './reader-scopes';
import { SignedLinkSigner } from './signed-links';
import { TypeOrmCapsuleKeyStore, TypeOrmShareTokenUseCounter } from './typeorm-capsule.stores';
import { TypeOrmProductScopeRepository } from './typeorm-product-scopes.repository';
import { UnlockForCaller } from './unlock-for-caller';

export const CAPSULE = {
  /** The scopes a signed-in reader holds: entitlements of the access module through the vendor's product scopes. */
  ReaderScopes: Symbol.for('capsule.ReaderScopes') as ServiceIdentifier<ReaderScopes>,
  ProductScopes: Symbol.for('capsule.ProductScopeRepository') as ServiceIdentifier<ProductScopeRepository>,
};

export { CapsuleKeyManagement } from './capsule-keys.service';
export { SignedLinkSigner } from './signed-links';

export const capsuleModule = defineModule({
  name: 'capsule',
  requires: ['catalog', 'identity', 'identity:sign-in', 'access'],
  register: ({ bind }) => {
    const box = (c: { get: <T>(id: ServiceIdentifier<T>) => T }) => new SealedBox(c.get(TOKENS.Config).secretsKey);
    bind(TypeOrmCapsuleKeyStore)
      .toDynamicValue((c) => new TypeOrmCapsuleKeyStore(c.get(TOKENS.DataSource), box(c), c.get(TOKENS.Clock), c.get(ConfigCache)))
      .inSingletonScope();
    bind(TypeOrmShareTokenUseCounter)
      .toDynamicValue((c) => new TypeOrmShareTokenUseCounter(c.get(TOKENS.DataSource), c.get(TOKENS.Clock)))
      .inSingletonScope();
    bind(CAPSULE.ProductScopes)
      .toDynamicValue((c) => new CachedProductScopeRepository(new TypeOrmProductScopeRepository(c.get(TOKENS.DataSource)), c.get(ConfigCache)))
      .inSingletonScope();
    // ListUserEntitlements is the access module's; it is looked up on resolution, so the modules load in any order.
    bind(CAPSULE.ReaderScopes).toDynamicValue(
      (c) => new EntitlementReaderScopes(c.get(ListUserEntitlements), c.get(CAPSULE.ProductScopes), c.get(TOKENS.Clock)),
    );
    bind(SetProductScopes).toDynamicValue((c) => new SetProductScopes(c.get(CATALOG.Products), c.get(CAPSULE.ProductScopes), c.get(TOKENS.Clock)));
    bind(ListProductScopes).toDynamicValue((c) => new ListProductScopes(c.get(CAPSULE.ProductScopes)));
    bind(CapsuleKeyManagement)
      .toDynamicValue(
        (c) =>
          new CapsuleKeyManagement(c.get(TOKENS.DataSource), c.get(CATALOG.Vendors), box(c), c.get(TOKENS.Clock), c.get(TOKENS.Ids), c.get(ConfigCache)),
      )
      .inSingletonScope();
    bind(SignedLinkSigner).toDynamicValue((c) => new SignedLinkSigner(c.get(CapsuleKeyManagement), c.get(TOKENS.Clock)));
    // The access module's ports: its tokens and links on request are signed with the vendor's capsule keys.
    bind(ACCESS.TokenSigner).toDynamicValue(
      (c) => new SignedLinkAccessTokens(c.get(SignedLinkSigner), c.get(CapsuleKeyManagement), c.get(TOKENS.Ids)),
    );
    bind(ACCESS.ContentLinkSigner).toDynamicValue((c) => new CapsuleContentLinkSigner(c.get(SignedLinkSigner), c.get(CapsuleKeyManagement)));
    bind(ACCESS.ProductTiers).toDynamicValue((c) => productTiers(c.get(CAPSULE.ProductScopes)));
    bind(GetCapsuleJwks).toDynamicValue((c) => new GetCapsuleJwks(c.get(TypeOrmCapsuleKeyStore)));
    bind(VerifyServiceToken).toDynamicValue((c) => new VerifyServiceToken(c.get(TypeOrmCapsuleKeyStore), c.get(TOKENS.Clock)));
    bind(UnlockForCaller).toDynamicValue(
      (c) =>
        new UnlockForCaller(c.get(TypeOrmCapsuleKeyStore), c.get(TypeOrmShareTokenUseCounter), c.get(CAPSULE.ReaderScopes), c.get(TOKENS.Clock)),
    );
    // Unlock honours the reader's cookie session like the other reader routes (identity's cookies and browser clients).
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new CapsuleController(c.get(GetCapsuleJwks), c.get(UnlockForCaller), c.get(VerifyServiceToken), c.get(AccessTokenVerifier), {
          cookies: c.get(BrowserCookies),
          clients: c.get(IDENTITY.BrowserClients),
          clock: c.get(TOKENS.Clock),
          baseUrl: c.get(TOKENS.Config).baseUrl,
        }),
    );
    bind(TOKENS.Controller).toDynamicValue((c) => new CapsuleManagementController(c.get(CapsuleKeyManagement)));
    bind(TOKENS.Controller).toDynamicValue((c) => new ProductScopesController(c.get(SetProductScopes), c.get(ListProductScopes)));
  },
});
