import { ListUserEntitlements } from '@kiosk/domain/access';
import {
  ChangePaywall,
  ChangeStrategy,
  CheckPaywallAccess,
  CreatePaywall,
  CreateStrategy,
  GetPaywall,
  GetPublicPaywall,
  GetStrategy,
  ListPaywalls,
  ListStrategies,
  MergeVisitorReads,
  ReadLedger,
  RecordPaywallAccess,
  RetirePaywall,
  RetireStrategy,
  SignedLinkIssuer,
} from '@kiosk/domain/paywalls';
import { ContainerModule, ServiceIdentifier } from 'inversify';
import { ACCESS } from '../access/access.module';
import { CapsuleKeyManagement } from '../capsule/capsule-keys.service';
import { SignedLinkSigner } from '../capsule/signed-links';
import { TOKENS } from '../platform/tokens';
import { PaywallManagementController } from './paywalls-management.controller';
import { PaywallReaderController } from './paywalls-reader.controller';
import { CapsuleSignedLinkIssuer, LinkTierSettings } from './signed-link-issuer';
import { StrategyExecutor } from './strategy-executor';
import { TypeOrmPaywallRepository, TypeOrmStrategyRepository } from './typeorm-paywalls.repositories';
import { TypeOrmReadLedger } from './typeorm-read-ledger';
import { BowserDeviceResolver, BundledCountryResolver, CountryResolver, DeviceResolver } from './visitor-resolution';

export const PAYWALLS = {
  Ledger: Symbol.for('paywalls.ReadLedger') as ServiceIdentifier<ReadLedger>,
  LinkIssuer: Symbol.for('paywalls.SignedLinkIssuer') as ServiceIdentifier<SignedLinkIssuer>,
  Devices: Symbol.for('paywalls.DeviceResolver') as ServiceIdentifier<DeviceResolver>,
  /** Rebind to `NoCountryResolver` (or another adapter) to change where countries come from. */
  Countries: Symbol.for('paywalls.CountryResolver') as ServiceIdentifier<CountryResolver>,
};

export const paywallsModule = new ContainerModule(({ bind }) => {
  bind(TypeOrmPaywallRepository).toDynamicValue((c) => new TypeOrmPaywallRepository(c.get(TOKENS.DataSource))).inSingletonScope();
  bind(TypeOrmStrategyRepository).toDynamicValue((c) => new TypeOrmStrategyRepository(c.get(TOKENS.DataSource))).inSingletonScope();
  bind(PAYWALLS.Ledger).toDynamicValue((c) => new TypeOrmReadLedger(c.get(TOKENS.DataSource))).inSingletonScope();
  bind(LinkTierSettings).toDynamicValue((c) => new LinkTierSettings(c.get(TOKENS.DataSource), c.get(TOKENS.Clock))).inSingletonScope();
  bind(PAYWALLS.LinkIssuer)
    .toDynamicValue(
      (c) => new CapsuleSignedLinkIssuer(c.get(SignedLinkSigner), c.get(CapsuleKeyManagement), c.get(LinkTierSettings), c.get(TOKENS.Ids)),
    )
    .inSingletonScope();
  bind(PAYWALLS.Devices).toConstantValue(new BowserDeviceResolver());
  bind(PAYWALLS.Countries).toConstantValue(new BundledCountryResolver());

  const paywalls = (c: { get: <T>(id: ServiceIdentifier<T>) => T }) => c.get(TypeOrmPaywallRepository);
  const strategies = (c: { get: <T>(id: ServiceIdentifier<T>) => T }) => c.get(TypeOrmStrategyRepository);
  bind(CreatePaywall).toDynamicValue((c) => new CreatePaywall(paywalls(c), c.get(TOKENS.Ids), c.get(TOKENS.Clock)));
  bind(ChangePaywall).toDynamicValue((c) => new ChangePaywall(paywalls(c), c.get(TOKENS.Clock)));
  bind(RetirePaywall).toDynamicValue((c) => new RetirePaywall(paywalls(c), c.get(TOKENS.Clock)));
  bind(GetPaywall).toDynamicValue((c) => new GetPaywall(paywalls(c)));
  bind(ListPaywalls).toDynamicValue((c) => new ListPaywalls(paywalls(c)));
  bind(GetPublicPaywall).toDynamicValue((c) => new GetPublicPaywall(paywalls(c)));
  bind(RecordPaywallAccess).toDynamicValue(
    (c) =>
      new RecordPaywallAccess(paywalls(c), c.get(PAYWALLS.Ledger), c.get(ACCESS.ContentEntitlements), c.get(PAYWALLS.LinkIssuer), c.get(TOKENS.Clock)),
  );
  bind(CheckPaywallAccess).toDynamicValue(
    (c) => new CheckPaywallAccess(paywalls(c), c.get(PAYWALLS.Ledger), c.get(ACCESS.ContentEntitlements), c.get(TOKENS.Clock)),
  );
  bind(MergeVisitorReads).toDynamicValue((c) => new MergeVisitorReads(c.get(PAYWALLS.Ledger)));
  bind(CreateStrategy).toDynamicValue((c) => new CreateStrategy(strategies(c), c.get(TOKENS.Ids), c.get(TOKENS.Clock)));
  bind(ChangeStrategy).toDynamicValue((c) => new ChangeStrategy(strategies(c), c.get(TOKENS.Clock)));
  bind(RetireStrategy).toDynamicValue((c) => new RetireStrategy(strategies(c), c.get(TOKENS.Clock)));
  bind(GetStrategy).toDynamicValue((c) => new GetStrategy(strategies(c)));
  bind(ListStrategies).toDynamicValue((c) => new ListStrategies(strategies(c)));
  bind(StrategyExecutor)
    .toDynamicValue((c) => {
      const entitlements = c.get(ListUserEntitlements);
      return new StrategyExecutor(
        strategies(c),
        paywalls(c),
        c.get(PAYWALLS.Ledger),
        async (vendorId, userId) => (await entitlements.execute({ vendorId, userId })).filter((e) => e.hasAccess).map((e) => e.sku),
        c.get(PAYWALLS.Devices),
        c.get(PAYWALLS.Countries),
        c.get(TOKENS.Clock),
      );
    })
    .inSingletonScope();

  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new PaywallManagementController(
        {
          createPaywall: c.get(CreatePaywall),
          changePaywall: c.get(ChangePaywall),
          retirePaywall: c.get(RetirePaywall),
          getPaywall: c.get(GetPaywall),
          listPaywalls: c.get(ListPaywalls),
          createStrategy: c.get(CreateStrategy),
          changeStrategy: c.get(ChangeStrategy),
          retireStrategy: c.get(RetireStrategy),
          getStrategy: c.get(GetStrategy),
          listStrategies: c.get(ListStrategies),
        },
        c.get(LinkTierSettings),
      ),
  );
  bind(TOKENS.Controller).toDynamicValue(
    (c) => new PaywallReaderController(c.get(GetPublicPaywall), c.get(RecordPaywallAccess), c.get(CheckPaywallAccess), c.get(StrategyExecutor)),
  );
});
