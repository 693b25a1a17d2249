import {
  ChangePaywall,
  ChangeStrategy,
  CheckPaywallAccess,
  CreatePaywall,
  CreateStrategy,
  GetPaywall,
  GetPaywallVersion,
  GetPublicPaywall,
  GetStrategy,
  GetStrategyVersion,
  ListPaywallVersions,
  ListPaywalls,
  ListStrategies,
  ListStrategyVersions,
  MergeVisitorReads,
  ReadLedger,
  RecordPaywallAccess,
  RestorePaywallVersion,
  RestoreStrategyVersion,
  RetirePaywall,
  RetireStrategy,
  SignedInReads,
  SignedLinkIssuer,
} from '@kiosk/domain/paywalls';
import { ServiceIdentifier } from 'inversify';
import { ACCESS } from '../access/access.module';
import { CapsuleKeyManagement } from '../capsule/capsule.module';
import { ConfigCache } from '../platform/cache/config-cache';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { PaywallManagementController } from './paywalls-management.controller';
import { PaywallReaderController } from './paywalls-reader.controller';
import { CachedServiceKeys, CapsuleSignedLinkIssuer, LinkTierSettings } from './signed-link-issuer';
import { StrategyExecutor } from './strategy-executor';
import { CachedPaywallRepository, CachedStrategyRepository } from './cached-paywalls.repositories';
import { TypeOrmPaywallRepository, TypeOrmStrategyRepository } from './typeorm-paywalls.repositories';
import { READ_PRUNING_INTERVAL_MS, ReadLedgerPruning } from './read-ledger-pruning';
import { PaywallViewCounter } from './paywall-view-counter';
import { TypeOrmReadLedger } from './typeorm-read-ledger';
import { TypeOrmSignedInReads } from './typeorm-signed-in-reads';
import { TypeOrmReaderFacts } from './typeorm-reader-facts';
import { BowserDeviceResolver, BundledCountryResolver, CountryResolver, DeviceResolver } from './visitor-resolution';

export const PAYWALLS = {
  Ledger: Symbol.for('paywalls.ReadLedger') as ServiceIdentifier<ReadLedger>,
  LinkIssuer: Symbol.for('paywalls.SignedLinkIssuer') as ServiceIdentifier<SignedLinkIssuer>,
  /** A signed-in reader's entitlement and read in one statement (crosses into the access module's tables, decision 25). */
  SignedInReads: Symbol.for('paywalls.SignedInReads') as ServiceIdentifier<SignedInReads>,
  Devices: Symbol.for('paywalls.DeviceResolver') as ServiceIdentifier<DeviceResolver>,
  /** Rebind to `NoCountryResolver` (or another adapter) to change where countries come from. */
  Countries: Symbol.for('paywalls.CountryResolver') as ServiceIdentifier<CountryResolver>,
};

export const paywallsModule = defineModule({
  name: 'paywalls',
  requires: ['access', 'capsule'],
  register: ({ bind }) => {
    // Paywalls and strategies are read through the process's configuration cache; changes announce themselves.
    // The TypeORM repositories also answer the version history (management only; no reader's path reads it).
    bind(TypeOrmPaywallRepository).toDynamicValue((c) => new TypeOrmPaywallRepository(c.get(TOKENS.DataSource))).inSingletonScope();
    bind(TypeOrmStrategyRepository).toDynamicValue((c) => new TypeOrmStrategyRepository(c.get(TOKENS.DataSource))).inSingletonScope();
    bind(CachedPaywallRepository)
      .toDynamicValue((c) => new CachedPaywallRepository(c.get(TypeOrmPaywallRepository), c.get(ConfigCache)))
      .inSingletonScope();
    bind(CachedStrategyRepository)
      .toDynamicValue((c) => new CachedStrategyRepository(c.get(TypeOrmStrategyRepository), c.get(ConfigCache)))
      .inSingletonScope();
    bind(PaywallViewCounter).toDynamicValue((c) => new PaywallViewCounter(c.get(TOKENS.DataSource), c.get(TOKENS.Logger))).inSingletonScope();
    bind(PAYWALLS.Ledger).toDynamicValue((c) => new TypeOrmReadLedger(c.get(TOKENS.DataSource), c.get(PaywallViewCounter))).inSingletonScope();
    bind(PAYWALLS.SignedInReads)
      .toDynamicValue((c) => new TypeOrmSignedInReads(c.get(TOKENS.DataSource), c.get(TOKENS.Clock), c.get(PaywallViewCounter)))
      .inSingletonScope();
    bind(LinkTierSettings)
      .toDynamicValue((c) => new LinkTierSettings(c.get(TOKENS.DataSource), c.get(TOKENS.Clock), c.get(ConfigCache)))
      .inSingletonScope();
    bind(PAYWALLS.LinkIssuer)
      .toDynamicValue(
        (c) =>
          new CapsuleSignedLinkIssuer(
            new CachedServiceKeys(c.get(CapsuleKeyManagement), c.get(ConfigCache)),
            c.get(CapsuleKeyManagement),
            c.get(LinkTierSettings),
            c.get(TOKENS.Ids),
            c.get(TOKENS.Clock),
          ),
      )
      .inSingletonScope();
    bind(ReadLedgerPruning).toDynamicValue((c) => new ReadLedgerPruning(c.get(TOKENS.DataSource), c.get(TOKENS.Clock))).inSingletonScope();
    bind(TOKENS.PeriodicTask).toDynamicValue((c) => ({
      name: 'paywalls:prune-reads',
      intervalMs: READ_PRUNING_INTERVAL_MS,
      run: () => c.get(ReadLedgerPruning).run(),
    }));
    // The content proxy (access) finds a page's products through the page's paywall: the products it sells.
    bind(ACCESS.PaywallProducts).toDynamicValue((c) => ({
      skusOf: async (vendorId: string, paywallId: string) => {
        const paywall = await c.get(CachedPaywallRepository).find(vendorId, paywallId);
        return paywall ? [...new Set(paywall.content.subscriptions.map((s) => s.sku))] : null;
      },
    }));
    bind(PAYWALLS.Devices).toConstantValue(new BowserDeviceResolver());
    bind(PAYWALLS.Countries).toConstantValue(new BundledCountryResolver());

    const paywalls = (c: { get: <T>(id: ServiceIdentifier<T>) => T }) => c.get(CachedPaywallRepository);
    const strategies = (c: { get: <T>(id: ServiceIdentifier<T>) => T }) => c.get(CachedStrategyRepository);
    bind(CreatePaywall).toDynamicValue((c) => new CreatePaywall(paywalls(c), c.get(TOKENS.Ids), c.get(TOKENS.Clock)));
    bind(ChangePaywall).toDynamicValue((c) => new ChangePaywall(paywalls(c), c.get(TOKENS.Clock)));
    bind(RetirePaywall).toDynamicValue((c) => new RetirePaywall(paywalls(c), c.get(TOKENS.Clock)));
    bind(GetPaywall).toDynamicValue((c) => new GetPaywall(paywalls(c)));
    bind(ListPaywalls).toDynamicValue((c) => new ListPaywalls(paywalls(c)));
    bind(GetPublicPaywall).toDynamicValue((c) => new GetPublicPaywall(paywalls(c)));
    bind(RecordPaywallAccess).toDynamicValue(
      (c) =>
        new RecordPaywallAccess(
          paywalls(c),
          c.get(PAYWALLS.Ledger),
          c.get(ACCESS.ContentEntitlements),
          c.get(PAYWALLS.LinkIssuer),
          c.get(TOKENS.Clock),
          c.get(PAYWALLS.SignedInReads),
        ),
    );
    bind(CheckPaywallAccess).toDynamicValue(
      (c) =>
        new CheckPaywallAccess(paywalls(c), c.get(PAYWALLS.Ledger), c.get(ACCESS.ContentEntitlements), c.get(TOKENS.Clock), c.get(PAYWALLS.SignedInReads)),
    );
    bind(MergeVisitorReads).toDynamicValue((c) => new MergeVisitorReads(c.get(PAYWALLS.Ledger)));
    bind(CreateStrategy).toDynamicValue((c) => new CreateStrategy(strategies(c), c.get(TOKENS.Ids), c.get(TOKENS.Clock)));
    bind(ChangeStrategy).toDynamicValue((c) => new ChangeStrategy(strategies(c), c.get(TOKENS.Clock)));
    bind(RetireStrategy).toDynamicValue((c) => new RetireStrategy(strategies(c), c.get(TOKENS.Clock)));
    bind(GetStrategy).toDynamicValue((c) => new GetStrategy(strategies(c)));
    bind(ListStrategies).toDynamicValue((c) => new ListStrategies(strategies(c)));
    const paywallHistory = (c: { get: <T>(id: ServiceIdentifier<T>) => T }) => c.get(TypeOrmPaywallRepository);
    const strategyHistory = (c: { get: <T>(id: ServiceIdentifier<T>) => T }) => c.get(TypeOrmStrategyRepository);
    bind(ListPaywallVersions).toDynamicValue((c) => new ListPaywallVersions(paywalls(c), paywallHistory(c)));
    bind(GetPaywallVersion).toDynamicValue((c) => new GetPaywallVersion(paywalls(c), paywallHistory(c)));
    bind(RestorePaywallVersion).toDynamicValue((c) => new RestorePaywallVersion(paywalls(c), paywallHistory(c), c.get(TOKENS.Clock)));
    bind(ListStrategyVersions).toDynamicValue((c) => new ListStrategyVersions(strategies(c), strategyHistory(c)));
    bind(GetStrategyVersion).toDynamicValue((c) => new GetStrategyVersion(strategies(c), strategyHistory(c)));
    bind(RestoreStrategyVersion).toDynamicValue((c) => new RestoreStrategyVersion(strategies(c), strategyHistory(c), c.get(TOKENS.Clock)));
    bind(StrategyExecutor)
      .toDynamicValue((c) => {
        const facts = new TypeOrmReaderFacts(c.get(TOKENS.DataSource), c.get(TOKENS.Clock));
        return new StrategyExecutor(
          strategies(c),
          paywalls(c),
          c.get(PAYWALLS.Ledger),
          (userId, counts) => facts.of(userId, counts),
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
            listPaywallVersions: c.get(ListPaywallVersions),
            getPaywallVersion: c.get(GetPaywallVersion),
            restorePaywallVersion: c.get(RestorePaywallVersion),
            listStrategyVersions: c.get(ListStrategyVersions),
            getStrategyVersion: c.get(GetStrategyVersion),
            restoreStrategyVersion: c.get(RestoreStrategyVersion),
          },
          c.get(LinkTierSettings),
        ),
    );
    bind(TOKENS.Controller).toDynamicValue(
      (c) => new PaywallReaderController(c.get(GetPublicPaywall), c.get(RecordPaywallAccess), c.get(CheckPaywallAccess), c.get(StrategyExecutor)),
    );
  },
});

/** Paywall views added up in the process and written once a second (decision 28); the statistics flush it before they read. */
export { PaywallViewCounter } from './paywall-view-counter';
