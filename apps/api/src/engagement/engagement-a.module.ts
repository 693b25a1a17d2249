import { CheckAccess } from '@kiosk/domain/access';
import {
  ClaimLicense,
  CreateLicensePool,
  DiagnosticsRepository,
  GetLicensePool,
  GetReaderLicense,
  GetTally,
  IssueSupportSession,
  LicenseClaimRepository,
  LicenseEntitlements,
  LicensePoolRepository,
  LicenseProducts,
  ListLicensePools,
  ListTallies,
  LoadLicenseKeys,
  PushToTally,
  RecordDiagnostics,
  SetTally,
  SupportSessionReaders,
  TallyRepository,
} from '@kiosk/domain/engagement';
import { ContainerModule, ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { IDENTITY } from '../identity/identity.module';
import { TOKENS } from '../platform/tokens';
import { DiagnosticsController } from './diagnostics.controller';
import { TypeOrmDiagnosticsRepository } from './diagnostics.repository';
import { LicensePoolsController, LicensesController } from './licenses.controller';
import { TypeOrmLicenseClaimRepository, TypeOrmLicensePoolRepository } from './licenses.repository';
import { Hs256SupportSessionSigner, SupportSessionController } from './support-session.controller';
import { TalliesController } from './tallies.controller';
import { TallyReaders } from './tallies.readers';
import { TypeOrmTallyRepository } from './tallies.repository';

export const ENGAGEMENT_A = {
  Tallies: Symbol.for('TallyRepository') as ServiceIdentifier<TallyRepository>,
  TallyReaders: Symbol.for('TallyReaders') as ServiceIdentifier<TallyReaders>,
  LicensePools: Symbol.for('LicensePoolRepository') as ServiceIdentifier<LicensePoolRepository>,
  LicenseClaims: Symbol.for('LicenseClaimRepository') as ServiceIdentifier<LicenseClaimRepository>,
  LicenseEntitlements: Symbol.for('LicenseEntitlements') as ServiceIdentifier<LicenseEntitlements>,
  LicenseProducts: Symbol.for('LicenseProducts') as ServiceIdentifier<LicenseProducts>,
  Diagnostics: Symbol.for('DiagnosticsRepository') as ServiceIdentifier<DiagnosticsRepository>,
  SupportReaders: Symbol.for('SupportSessionReaders') as ServiceIdentifier<SupportSessionReaders>,
};

const TALLY_SWEEP_MS = 3_600_000;

/** Engagement, part A: tallies, license pools and claims, diagnostics, the support session. */
export const engagementAModule = new ContainerModule(({ bind }) => {
  const db = TOKENS.DataSource;
  bind(TypeOrmTallyRepository).toDynamicValue((c) => new TypeOrmTallyRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT_A.Tallies).toDynamicValue((c) => c.get(TypeOrmTallyRepository));
  bind(ENGAGEMENT_A.TallyReaders).toDynamicValue((c) => new TallyReaders(c.get(TOKENS.Config).secretsKey)).inSingletonScope();
  bind(ListTallies).toDynamicValue((c) => new ListTallies(c.get(ENGAGEMENT_A.Tallies), c.get(TOKENS.Clock)));
  bind(GetTally).toDynamicValue((c) => new GetTally(c.get(ENGAGEMENT_A.Tallies), c.get(TOKENS.Clock)));
  bind(SetTally).toDynamicValue((c) => new SetTally(c.get(ENGAGEMENT_A.Tallies), c.get(TOKENS.Clock)));
  bind(PushToTally).toDynamicValue((c) => new PushToTally(c.get(ENGAGEMENT_A.Tallies), c.get(TOKENS.Clock)));
  // Expired tallies are invisible at once; the rows go in an hourly sweep.
  bind(TOKENS.PeriodicTask).toDynamicValue((c) => ({
    name: 'tallies:purge-expired',
    intervalMs: TALLY_SWEEP_MS,
    run: () => c.get(TypeOrmTallyRepository).purgeExpired(c.get(TOKENS.Clock).now()),
  }));

  bind(ENGAGEMENT_A.LicensePools).toDynamicValue((c) => new TypeOrmLicensePoolRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT_A.LicenseClaims).toDynamicValue((c) => new TypeOrmLicenseClaimRepository(c.get(db))).inSingletonScope();
  // Narrow ports onto the access and catalog modules, looked up when used so modules load in any order.
  bind(ENGAGEMENT_A.LicenseEntitlements).toDynamicValue((c) => ({
    hasActive: (query) => c.get(CheckAccess).execute(query),
  }));
  bind(ENGAGEMENT_A.LicenseProducts).toDynamicValue((c) => ({
    exists: async (vendorId, sku) => (await c.get(CATALOG.Products).find(vendorId, sku)) !== null,
  }));
  bind(CreateLicensePool).toDynamicValue(
    (c) => new CreateLicensePool(c.get(ENGAGEMENT_A.LicensePools), c.get(ENGAGEMENT_A.LicenseProducts), c.get(TOKENS.Clock)),
  );
  bind(LoadLicenseKeys).toDynamicValue((c) => new LoadLicenseKeys(c.get(ENGAGEMENT_A.LicensePools), c.get(TOKENS.Clock)));
  bind(GetLicensePool).toDynamicValue((c) => new GetLicensePool(c.get(ENGAGEMENT_A.LicensePools), c.get(TOKENS.Clock)));
  bind(ListLicensePools).toDynamicValue((c) => new ListLicensePools(c.get(ENGAGEMENT_A.LicensePools), c.get(TOKENS.Clock)));
  bind(GetReaderLicense).toDynamicValue((c) => new GetReaderLicense(c.get(ENGAGEMENT_A.LicenseClaims), c.get(TOKENS.Clock)));
  bind(ClaimLicense).toDynamicValue(
    (c) =>
      new ClaimLicense(
        c.get(ENGAGEMENT_A.LicensePools),
        c.get(ENGAGEMENT_A.LicenseClaims),
        c.get(ENGAGEMENT_A.LicenseEntitlements),
        c.get(TOKENS.Clock),
      ),
  );

  bind(TypeOrmDiagnosticsRepository).toDynamicValue((c) => new TypeOrmDiagnosticsRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT_A.Diagnostics).toDynamicValue((c) => c.get(TypeOrmDiagnosticsRepository));
  bind(RecordDiagnostics).toDynamicValue(
    (c) => new RecordDiagnostics(c.get(ENGAGEMENT_A.Diagnostics), c.get(TOKENS.Ids), c.get(TOKENS.Clock)),
  );

  bind(ENGAGEMENT_A.SupportReaders).toDynamicValue((c) => ({
    emailOf: async (vendorId, userId) => (await c.get(IDENTITY.Users).find(vendorId, userId))?.email ?? null,
  }));
  bind(IssueSupportSession).toDynamicValue(
    (c) =>
      new IssueSupportSession(
        c.get(ENGAGEMENT_A.SupportReaders),
        new Hs256SupportSessionSigner(new Uint8Array(c.get(TOKENS.Config).supportSessionSecret), c.get(TOKENS.Config).baseUrl),
        c.get(TOKENS.Ids),
        c.get(TOKENS.Clock),
      ),
  );

  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new TalliesController(
        c.get(ENGAGEMENT_A.TallyReaders),
        c.get(ListTallies),
        c.get(GetTally),
        c.get(SetTally),
        c.get(PushToTally),
      ),
  );
  bind(TOKENS.Controller).toDynamicValue((c) => new LicensesController(c.get(GetReaderLicense), c.get(ClaimLicense)));
  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new LicensePoolsController(c.get(CreateLicensePool), c.get(LoadLicenseKeys), c.get(GetLicensePool), c.get(ListLicensePools)),
  );
  bind(TOKENS.Controller).toDynamicValue((c) => new DiagnosticsController(c.get(RecordDiagnostics)));
  bind(TOKENS.Controller).toDynamicValue((c) => new SupportSessionController(c.get(IssueSupportSession)));
});
