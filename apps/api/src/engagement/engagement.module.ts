import {
  AddTag,
  ClaimLicense,
  CreateLicensePool,
  CreateTally,
  DeleteTally,
  DeleteUserMetadata,
  DeliveryProvider,
  DiagnosticsRepository,
  EraseAccount,
  FulfillmentRepository,
  GetLicensePool,
  GetProfile,
  GetReaderLicense,
  GetStreamingLink,
  GetTally,
  IssueSupportSession,
  LicenseClaimRepository,
  LicenseEntitlements,
  LicensePoolRepository,
  LicenseProducts,
  ListFulfillments,
  ListProductFulfillments,
  ListLicensePools,
  ListTags,
  ListTallies,
  ListUserMetadata,
  LoadFulfillments,
  LoadLicenseKeys,
  ProfileRepository,
  PushToTally,
  PutUserMetadata,
  RecordDiagnostics,
  RemoveTag,
  RequestDelivery,
  RequestFulfillment,
  SetStreamingLink,
  SetTally,
  SupportSessionReaders,
  TagRepository,
  TallyRepository,
  UnitOfWork,
  UpdateProfile,
  UserMetadataRepository,
} from '@kiosk/domain/engagement';
import { GetManagedUser } from '@kiosk/domain/identity';
import { Bind, ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { IDENTITY } from '../identity/identity.module';
import { EventObjectView } from '../platform/http/event-object-view';
import { boundAbove, defineModule } from '../platform/modules';
import { TypeOrmEventOutbox } from '../platform/outbox/event-outbox';
import { TOKENS } from '../platform/tokens';
import { DiagnosticsController } from './diagnostics.controller';
import { TypeOrmDiagnosticsRepository } from './diagnostics.repository';
import { EngagementEraser } from './engagement.eraser';
import { ProfileTimes } from './management-profile-times';
import { ManagementFulfillmentsController, TypeOrmProductFulfillmentReads } from './management-fulfillments.controller';
import { ManagementReaderEngagementController } from './management-reader-engagement.controller';
import { FulfillmentsController } from './fulfillments.controller';
import { FulfillmentsCompatController } from './fulfillments-compat.controller';
import { EmbeddedDeliveryProvider, TypeOrmFulfillmentRepository } from './fulfillments.typeorm';
import { LicensePoolsController, LicensesController } from './licenses.controller';
import { licenseEventView } from './licenses.event-views';
import { TypeOrmLicenseClaimRepository, TypeOrmLicensePoolRepository } from './licenses.repository';
import { ProfileController } from './profile.controller';
import { TypeOrmProfileRepository, TypeOrmUnitOfWork } from './profile.typeorm';
import { Hs256SupportSessionSigner, SupportSessionController } from './support-session.controller';
import { TagsController } from './tags.controller';
import { TypeOrmTagRepository } from './tags.typeorm';
import { TalliesController } from './tallies.controller';
import { TalliesCompatController } from './tallies-compat.controller';
import { TallyReaders } from './tallies.readers';
import { TypeOrmTallyRepository } from './tallies.repository';
import { UserMetadataController } from './user-metadata.controller';
import { TypeOrmUserMetadataRepository } from './user-metadata.typeorm';

export const ENGAGEMENT = {
  // The reader's profile, metadata, tags and fulfillments.
  UnitOfWork: Symbol.for('engagement.UnitOfWork') as ServiceIdentifier<UnitOfWork>,
  Profiles: Symbol.for('engagement.ProfileRepository') as ServiceIdentifier<ProfileRepository>,
  Metadata: Symbol.for('engagement.UserMetadataRepository') as ServiceIdentifier<UserMetadataRepository>,
  Tags: Symbol.for('engagement.TagRepository') as ServiceIdentifier<TagRepository>,
  Fulfillments: Symbol.for('engagement.FulfillmentRepository') as ServiceIdentifier<FulfillmentRepository>,
  DeliveryProvider: Symbol.for('engagement.DeliveryProvider') as ServiceIdentifier<DeliveryProvider>,
  // Tallies, license pools and claims, diagnostics, the support session.
  Tallies: Symbol.for('TallyRepository') as ServiceIdentifier<TallyRepository>,
  TallyReaders: Symbol.for('TallyReaders') as ServiceIdentifier<TallyReaders>,
  LicensePools: Symbol.for('LicensePoolRepository') as ServiceIdentifier<LicensePoolRepository>,
  LicenseClaims: Symbol.for('LicenseClaimRepository') as ServiceIdentifier<LicenseClaimRepository>,
  /** Port, bound by access (above engagement): whether a reader holds an active entitlement to a product. */
  LicenseEntitlements: Symbol.for('LicenseEntitlements') as ServiceIdentifier<LicenseEntitlements>,
  LicenseProducts: Symbol.for('LicenseProducts') as ServiceIdentifier<LicenseProducts>,
  Diagnostics: Symbol.for('DiagnosticsRepository') as ServiceIdentifier<DiagnosticsRepository>,
  SupportReaders: Symbol.for('SupportSessionReaders') as ServiceIdentifier<SupportSessionReaders>,
  /** The key of a `license.claimed` event, as `GET /licenses?poolId=` lists it (webhook payloads). */
  LicenseEventView: Symbol.for('LicenseEventView') as ServiceIdentifier<EventObjectView>,
};

const TALLY_SWEEP_MS = 3_600_000;

/**
 * Engagement: the reader's profile, user metadata, tags and fulfillments,
 * account erasure (with every module's PersonalDataEraser); tallies, license
 * pools and claims, diagnostics and the support session.
 */
export const engagementModule = defineModule({
  name: 'engagement',
  requires: ['catalog', 'identity'],
  register: ({ bind }) => {
    bindProfile(bind);
    bindTalliesLicensesDiagnostics(bind);
  },
});

/** Profile, user metadata, tags, fulfillments and account erasure. */
function bindProfile(bind: Bind): void {
  const db = TOKENS.DataSource;
  const clock = TOKENS.Clock;
  bind(ENGAGEMENT.UnitOfWork).toDynamicValue((c) => new TypeOrmUnitOfWork(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT.Profiles).toDynamicValue((c) => new TypeOrmProfileRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT.Metadata).toDynamicValue((c) => new TypeOrmUserMetadataRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT.Tags).toDynamicValue((c) => new TypeOrmTagRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT.Fulfillments).toDynamicValue((c) => new TypeOrmFulfillmentRepository(c.get(db))).inSingletonScope();
  bind(EmbeddedDeliveryProvider)
    .toDynamicValue((c) => new EmbeddedDeliveryProvider(c.get(db), c.get(TOKENS.Ids), c.get(clock)))
    .inSingletonScope();
  bind(ENGAGEMENT.DeliveryProvider).toDynamicValue((c) => c.get(EmbeddedDeliveryProvider));

  // Each module binds the eraser of its own personal data (TOKENS.PersonalDataEraser); this is engagement's.
  const eraser = TOKENS.PersonalDataEraser;
  bind(eraser).toDynamicValue((c) => new EngagementEraser(c.get(db)));

  const users = IDENTITY.Users;
  bind(GetProfile).toDynamicValue(
    (c) => new GetProfile(c.get(users), c.get(ENGAGEMENT.Profiles), c.get(ENGAGEMENT.Metadata), c.get(ENGAGEMENT.Tags)),
  );
  bind(UpdateProfile).toDynamicValue(
    (c) =>
      new UpdateProfile(
        c.get(users),
        c.get(ENGAGEMENT.Profiles),
        c.get(ENGAGEMENT.Metadata),
        c.get(ENGAGEMENT.UnitOfWork),
        c.get(GetProfile),
        c.get(clock),
      ),
  );
  // Identity's port: the management user list's `updatedAt` is the profile's.
  bind(IDENTITY.ProfileTimes).toDynamicValue((c) => new ProfileTimes(c.get(db)));
  bind(EraseAccount).toDynamicValue(
    (c) => new EraseAccount(c.get(users), c.getAll(eraser), c.get(ENGAGEMENT.UnitOfWork), c.get(clock), new TypeOrmEventOutbox(c.get(db))),
  );
  bind(GetStreamingLink).toDynamicValue((c) => new GetStreamingLink(c.get(ENGAGEMENT.Profiles)));
  bind(SetStreamingLink).toDynamicValue(
    (c) => new SetStreamingLink(c.get(users), c.get(ENGAGEMENT.Profiles), c.get(ENGAGEMENT.UnitOfWork), c.get(clock)),
  );
  bind(ListUserMetadata).toDynamicValue((c) => new ListUserMetadata(c.get(ENGAGEMENT.Metadata)));
  bind(PutUserMetadata).toDynamicValue((c) => new PutUserMetadata(c.get(ENGAGEMENT.Metadata), c.get(clock)));
  bind(DeleteUserMetadata).toDynamicValue((c) => new DeleteUserMetadata(c.get(ENGAGEMENT.Metadata)));
  bind(ListTags).toDynamicValue((c) => new ListTags(c.get(ENGAGEMENT.Tags)));
  bind(AddTag).toDynamicValue((c) => new AddTag(c.get(ENGAGEMENT.Tags), c.get(clock)));
  bind(RemoveTag).toDynamicValue((c) => new RemoveTag(c.get(ENGAGEMENT.Tags)));
  bind(ListFulfillments).toDynamicValue((c) => new ListFulfillments(c.get(ENGAGEMENT.Fulfillments)));
  bind(RequestDelivery).toDynamicValue(
    (c) =>
      new RequestDelivery(
        c.get(ENGAGEMENT.Fulfillments),
        c.get(ENGAGEMENT.Profiles),
        c.get(ENGAGEMENT.DeliveryProvider),
        c.get(clock),
      ),
  );
  bind(LoadFulfillments).toDynamicValue(
    (c) => new LoadFulfillments(c.get(ENGAGEMENT.Fulfillments), c.get(users), c.get(clock)),
  );

  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new ProfileController(
        c.get(GetProfile),
        c.get(UpdateProfile),
        c.get(EraseAccount),
        c.get(GetStreamingLink),
        c.get(SetStreamingLink),
      ),
  );
  bind(TOKENS.Controller).toDynamicValue(
    (c) => new UserMetadataController(c.get(ListUserMetadata), c.get(PutUserMetadata), c.get(DeleteUserMetadata)),
  );
  bind(TOKENS.Controller).toDynamicValue((c) => new TagsController(c.get(ListTags), c.get(AddTag), c.get(RemoveTag)));
  bind(TOKENS.Controller).toDynamicValue(
    (c) => new FulfillmentsController(c.get(ListFulfillments), c.get(RequestDelivery), c.get(LoadFulfillments)),
  );
  // GET /management/products/{sku}/fulfillments: every reader's fulfillments of a product of the vendor.
  bind(ListProductFulfillments).toDynamicValue(
    (c) =>
      new ListProductFulfillments(
        { exists: async (vendorId, sku) => (await c.get(CATALOG.Products).find(vendorId, sku)) !== null },
        new TypeOrmProductFulfillmentReads(c.get(db)),
      ),
  );
  bind(TOKENS.Controller).toDynamicValue((c) => new ManagementFulfillmentsController(c.get(ListProductFulfillments)));
  // The public client's POST /fulfillments (compatibility route): a reader's own request for a product they are entitled to.
  bind(RequestFulfillment).toDynamicValue(
    (c) =>
      new RequestFulfillment(
        c.get(ENGAGEMENT.Fulfillments),
        { find: (vendorId, sku) => c.get(CATALOG.Products).find(vendorId, sku) },
        boundAbove(c, ENGAGEMENT.LicenseEntitlements),
        c.get(TOKENS.Ids),
        c.get(clock),
      ),
  );
  bind(TOKENS.Controller).toDynamicValue((c) => new FulfillmentsCompatController(c.get(RequestFulfillment)));
}

/** Tallies, license pools and claims, diagnostics, the support session. */
function bindTalliesLicensesDiagnostics(bind: Bind): void {
  const db = TOKENS.DataSource;
  bind(TypeOrmTallyRepository).toDynamicValue((c) => new TypeOrmTallyRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT.Tallies).toDynamicValue((c) => c.get(TypeOrmTallyRepository));
  bind(ENGAGEMENT.TallyReaders).toDynamicValue((c) => new TallyReaders(c.get(TOKENS.Config).secretsKey)).inSingletonScope();
  bind(ListTallies).toDynamicValue((c) => new ListTallies(c.get(ENGAGEMENT.Tallies), c.get(TOKENS.Clock)));
  bind(GetTally).toDynamicValue((c) => new GetTally(c.get(ENGAGEMENT.Tallies), c.get(TOKENS.Clock)));
  bind(SetTally).toDynamicValue((c) => new SetTally(c.get(ENGAGEMENT.Tallies), c.get(TOKENS.Clock)));
  bind(PushToTally).toDynamicValue((c) => new PushToTally(c.get(ENGAGEMENT.Tallies), c.get(TOKENS.Clock)));
  // The public client's POST /tallies and DELETE /tallies/{id} (compatibility routes).
  bind(CreateTally).toDynamicValue((c) => new CreateTally(c.get(ENGAGEMENT.Tallies), c.get(TOKENS.Clock)));
  bind(DeleteTally).toDynamicValue((c) => new DeleteTally(c.get(ENGAGEMENT.Tallies), c.get(TOKENS.Clock)));
  bind(TOKENS.Controller).toDynamicValue(
    (c) => new TalliesCompatController(c.get(ENGAGEMENT.TallyReaders), c.get(CreateTally), c.get(DeleteTally)),
  );
  // Expired tallies are invisible at once; the rows go in an hourly sweep.
  bind(TOKENS.PeriodicTask).toDynamicValue((c) => ({
    name: 'tallies:purge-expired',
    intervalMs: TALLY_SWEEP_MS,
    run: () => c.get(TypeOrmTallyRepository).purgeExpired(c.get(TOKENS.Clock).now()),
  }));

  bind(ENGAGEMENT.LicensePools).toDynamicValue((c) => new TypeOrmLicensePoolRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT.LicenseClaims).toDynamicValue((c) => new TypeOrmLicenseClaimRepository(c.get(db))).inSingletonScope();
  // A narrow port onto the catalog; the one onto entitlements (LicenseEntitlements) is bound by the access module.
  bind(ENGAGEMENT.LicenseProducts).toDynamicValue((c) => ({
    exists: async (vendorId, sku) => (await c.get(CATALOG.Products).find(vendorId, sku)) !== null,
  }));
  bind(CreateLicensePool).toDynamicValue(
    (c) => new CreateLicensePool(c.get(ENGAGEMENT.LicensePools), c.get(ENGAGEMENT.LicenseProducts), c.get(TOKENS.Clock)),
  );
  bind(LoadLicenseKeys).toDynamicValue((c) => new LoadLicenseKeys(c.get(ENGAGEMENT.LicensePools), c.get(TOKENS.Clock)));
  bind(GetLicensePool).toDynamicValue((c) => new GetLicensePool(c.get(ENGAGEMENT.LicensePools), c.get(TOKENS.Clock)));
  bind(ListLicensePools).toDynamicValue((c) => new ListLicensePools(c.get(ENGAGEMENT.LicensePools), c.get(TOKENS.Clock)));
  bind(GetReaderLicense).toDynamicValue((c) => new GetReaderLicense(c.get(ENGAGEMENT.LicenseClaims), c.get(TOKENS.Clock)));
  bind(ClaimLicense).toDynamicValue(
    (c) =>
      new ClaimLicense(
        c.get(ENGAGEMENT.LicensePools),
        c.get(ENGAGEMENT.LicenseClaims),
        boundAbove(c, ENGAGEMENT.LicenseEntitlements),
        c.get(TOKENS.Clock),
        new TypeOrmEventOutbox(c.get(TOKENS.DataSource)),
      ),
  );
  bind(ENGAGEMENT.LicenseEventView).toDynamicValue((c) => licenseEventView(c.get(GetReaderLicense)));

  bind(TypeOrmDiagnosticsRepository).toDynamicValue((c) => new TypeOrmDiagnosticsRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT.Diagnostics).toDynamicValue((c) => c.get(TypeOrmDiagnosticsRepository));
  bind(RecordDiagnostics).toDynamicValue(
    (c) => new RecordDiagnostics(c.get(ENGAGEMENT.Diagnostics), c.get(TOKENS.Ids), c.get(TOKENS.Clock)),
  );

  bind(ENGAGEMENT.SupportReaders).toDynamicValue((c) => ({
    emailOf: async (vendorId, userId) => (await c.get(IDENTITY.Users).find(vendorId, userId))?.email ?? null,
  }));
  bind(IssueSupportSession).toDynamicValue(
    (c) =>
      new IssueSupportSession(
        c.get(ENGAGEMENT.SupportReaders),
        new Hs256SupportSessionSigner(new Uint8Array(c.get(TOKENS.Config).supportSessionSecret), c.get(TOKENS.Config).baseUrl),
        c.get(TOKENS.Ids),
        c.get(TOKENS.Clock),
      ),
  );

  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new TalliesController(
        c.get(ENGAGEMENT.TallyReaders),
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
  // GET /management/users/{userId}/tags and /tallies. The user is checked with identity's GetManagedUser (bound by
  // identity:management-users, which requires this module), looked up per request so the modules load in any order.
  bind(TOKENS.Controller).toDynamicValue(
    (c) =>
      new ManagementReaderEngagementController(
        { ensureLive: async (vendorId, userId) => void (await c.get(GetManagedUser).execute({ vendorId, userId })) },
        c.get(ListTags),
        c.get(ListTallies),
      ),
  );
  bind(TOKENS.Controller).toDynamicValue((c) => new DiagnosticsController(c.get(RecordDiagnostics)));
  bind(TOKENS.Controller).toDynamicValue((c) => new SupportSessionController(c.get(IssueSupportSession)));
}
