import {
  AddTag,
  ClaimLicense,
  CreateLicensePool,
  DeleteUserMetadata,
  EraseAccount,
  GetLicensePool,
  GetProfile,
  GetReaderLicense,
  GetTally,
  IssueSupportSession,
  ListFulfillments,
  ListLicensePools,
  ListTags,
  ListTallies,
  ListUserMetadata,
  LoadFulfillments,
  LoadLicenseKeys,
  PushToTally,
  PutUserMetadata,
  RecordDiagnostics,
  RemoveTag,
  RequestDelivery,
  SetTally,
  UpdateProfile,
} from '../../engagement';
import { ImmediateUnitOfWork, InMemoryProfileRepository, InMemoryTagRepository, InMemoryUserMetadataRepository } from '../in-memory-engagement';
import { InMemoryFulfillmentRepository, RecordingDeliveryProvider } from '../in-memory-engagement-fulfillments';
import { InMemoryLicenseClaimRepository, InMemoryLicensePoolRepository, InMemoryLicenseStore } from '../in-memory-engagement-licenses';
import { InMemoryDiagnosticsRepository, RecordingSupportSessionSigner, UsersAsSupportSessionReaders } from '../in-memory-engagement-support';
import { InMemoryTallyRepository } from '../in-memory-engagement-tallies';
import { RecordingPersonalDataEraser } from '../recording-personal-data-eraser';
import { KioskCore } from './core';

/** The engagement module; `hasAccess` is the access module's answer (a license needs an active entitlement). */
export function wireEngagement(core: KioskCore, hasAccess: (query: { vendorId: string; userId: string; sku: string }) => Promise<boolean>) {
  const { clock, ids, users, products, outbox } = core;
  const profiles = new InMemoryProfileRepository();
  const metadata = new InMemoryUserMetadataRepository();
  const tags = new InMemoryTagRepository();
  const tallies = new InMemoryTallyRepository();
  const fulfillments = new InMemoryFulfillmentRepository();
  const licenseStore = new InMemoryLicenseStore();
  const licensePools = new InMemoryLicensePoolRepository(licenseStore);
  const licenseClaims = new InMemoryLicenseClaimRepository(licenseStore);
  const diagnostics = new InMemoryDiagnosticsRepository();
  const delivery = new RecordingDeliveryProvider();
  const supportSigner = new RecordingSupportSessionSigner();
  /** Stands in for the modules that erase a reader's personal data (each module has its own in the service). */
  const eraser = new RecordingPersonalDataEraser('engagement');
  const uow = new ImmediateUnitOfWork();
  const licenseProducts = { exists: async (vendorId: string, sku: string) => (await products.find(vendorId, sku)) !== null };
  const getProfile = new GetProfile(users, profiles, metadata, tags);
  return {
    repositories: { profiles, metadata, tags, tallies, fulfillments, licensePools, licenseClaims, diagnostics },
    recorded: { delivery, supportSigner, eraser },
    useCases: {
      getProfile,
      updateProfile: new UpdateProfile(users, profiles, metadata, uow, getProfile, clock),
      listTags: new ListTags(tags),
      addTag: new AddTag(tags, clock),
      removeTag: new RemoveTag(tags),
      listMetadata: new ListUserMetadata(metadata),
      putMetadata: new PutUserMetadata(metadata, clock),
      deleteMetadata: new DeleteUserMetadata(metadata),
      listTallies: new ListTallies(tallies, clock),
      getTally: new GetTally(tallies, clock),
      setTally: new SetTally(tallies, clock),
      pushToTally: new PushToTally(tallies, clock),
      loadFulfillments: new LoadFulfillments(fulfillments, users, clock),
      listFulfillments: new ListFulfillments(fulfillments),
      requestDelivery: new RequestDelivery(fulfillments, profiles, delivery, clock),
      createLicensePool: new CreateLicensePool(licensePools, licenseProducts, clock),
      loadLicenseKeys: new LoadLicenseKeys(licensePools, clock),
      getLicensePool: new GetLicensePool(licensePools, clock),
      listLicensePools: new ListLicensePools(licensePools, clock),
      claimLicense: new ClaimLicense(licensePools, licenseClaims, { hasActive: hasAccess }, clock, outbox),
      getReaderLicense: new GetReaderLicense(licenseClaims, clock),
      recordDiagnostics: new RecordDiagnostics(diagnostics, ids, clock),
      issueSupportSession: new IssueSupportSession(new UsersAsSupportSessionReaders(users), supportSigner, ids, clock),
      eraseAccount: new EraseAccount(users, [eraser], uow, clock, outbox),
    },
  };
}
