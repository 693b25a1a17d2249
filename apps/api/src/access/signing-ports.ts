import { AccessTokenSigner, ContentLinkSigner, ProductTiers } from '@kiosk/domain/access';
import { ServiceIdentifier } from 'inversify';

/**
 * Ports the access module owns and the capsule module binds (capsule sits above access, docs/architecture.md
 * "Module order"): access information's token and a link on request are signed with the vendor's capsule keys,
 * and a product opens the capsule scopes of the vendor's product-scope mapping. Spread into `ACCESS`.
 */
export const SIGNING_PORTS = {
  TokenSigner: Symbol.for('access.AccessTokenSigner') as ServiceIdentifier<AccessTokenSigner>,
  ContentLinkSigner: Symbol.for('access.ContentLinkSigner') as ServiceIdentifier<ContentLinkSigner>,
  ProductTiers: Symbol.for('access.ProductTiers') as ServiceIdentifier<ProductTiers>,
};
