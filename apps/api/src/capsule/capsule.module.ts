import { GetCapsuleJwks, VerifyServiceToken } from '@kiosk/domain/capsule';
import { ContainerModule, ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { AccessTokenVerifier } from '../identity/jwt-access-tokens';
import { SealedBox } from '../platform/crypto/sealed-box';
import { TOKENS } from '../platform/tokens';
import { CapsuleController } from './capsule.controller';
import { CapsuleKeyManagement } from './capsule-keys.service';
import { CapsuleManagementController } from './capsule-management.controller';
import { NoReaderScopes, ReaderScopes } from './reader-scopes';
import { SignedLinkSigner } from './signed-links';
import { TypeOrmCapsuleKeyStore, TypeOrmShareTokenUseCounter } from './typeorm-capsule.stores';
import { UnlockForCaller } from './unlock-for-caller';

export const CAPSULE = {
  /** Rebind when the access module answers readers' entitlement scopes. */
  ReaderScopes: Symbol.for('capsule.ReaderScopes') as ServiceIdentifier<ReaderScopes>,
};

export const capsuleModule = new ContainerModule(({ bind }) => {
  const box = (c: { get: <T>(id: ServiceIdentifier<T>) => T }) => new SealedBox(c.get(TOKENS.Config).secretsKey);
  bind(TypeOrmCapsuleKeyStore)
    .toDynamicValue((c) => new TypeOrmCapsuleKeyStore(c.get(TOKENS.DataSource), box(c), c.get(TOKENS.Clock)))
    .inSingletonScope();
  bind(TypeOrmShareTokenUseCounter)
    .toDynamicValue((c) => new TypeOrmShareTokenUseCounter(c.get(TOKENS.DataSource), c.get(TOKENS.Clock)))
    .inSingletonScope();
  bind(CAPSULE.ReaderScopes).toConstantValue(new NoReaderScopes());
  bind(CapsuleKeyManagement)
    .toDynamicValue(
      (c) => new CapsuleKeyManagement(c.get(TOKENS.DataSource), c.get(CATALOG.Vendors), box(c), c.get(TOKENS.Clock), c.get(TOKENS.Ids)),
    )
    .inSingletonScope();
  bind(SignedLinkSigner).toDynamicValue((c) => new SignedLinkSigner(c.get(CapsuleKeyManagement), c.get(TOKENS.Clock)));
  bind(GetCapsuleJwks).toDynamicValue((c) => new GetCapsuleJwks(c.get(TypeOrmCapsuleKeyStore)));
  bind(VerifyServiceToken).toDynamicValue((c) => new VerifyServiceToken(c.get(TypeOrmCapsuleKeyStore), c.get(TOKENS.Clock)));
  bind(UnlockForCaller).toDynamicValue(
    (c) =>
      new UnlockForCaller(c.get(TypeOrmCapsuleKeyStore), c.get(TypeOrmShareTokenUseCounter), c.get(CAPSULE.ReaderScopes), c.get(TOKENS.Clock)),
  );
  bind(TOKENS.Controller).toDynamicValue(
    (c) => new CapsuleController(c.get(GetCapsuleJwks), c.get(UnlockForCaller), c.get(VerifyServiceToken), c.get(AccessTokenVerifier)),
  );
  bind(TOKENS.Controller).toDynamicValue((c) => new CapsuleManagementController(c.get(CapsuleKeyManagement)));
});
