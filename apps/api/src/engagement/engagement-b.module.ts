import {
  AddTag,
  DeleteUserMetadata,
  DeliveryProvider,
  EraseAccount,
  FulfillmentRepository,
  GetProfile,
  GetStreamingLink,
  ListFulfillments,
  ListTags,
  ListUserMetadata,
  LoadFulfillments,
  ProfileRepository,
  PutUserMetadata,
  RemoveTag,
  RequestDelivery,
  SetStreamingLink,
  TagRepository,
  UnitOfWork,
  UpdateProfile,
  UserMetadataRepository,
} from '@kiosk/domain/engagement';
import { ContainerModule, ServiceIdentifier } from 'inversify';
import { IDENTITY } from '../identity/identity.module';
import { TOKENS } from '../platform/tokens';
import { EngagementEraser } from './engagement.eraser';
import { FulfillmentsController } from './fulfillments.controller';
import { EmbeddedDeliveryProvider, TypeOrmFulfillmentRepository } from './fulfillments.typeorm';
import { ProfileController } from './profile.controller';
import { TypeOrmProfileRepository, TypeOrmUnitOfWork } from './profile.typeorm';
import { TagsController } from './tags.controller';
import { TypeOrmTagRepository } from './tags.typeorm';
import { UserMetadataController } from './user-metadata.controller';
import { TypeOrmUserMetadataRepository } from './user-metadata.typeorm';

export const ENGAGEMENT_B = {
  UnitOfWork: Symbol.for('engagement.UnitOfWork') as ServiceIdentifier<UnitOfWork>,
  Profiles: Symbol.for('engagement.ProfileRepository') as ServiceIdentifier<ProfileRepository>,
  Metadata: Symbol.for('engagement.UserMetadataRepository') as ServiceIdentifier<UserMetadataRepository>,
  Tags: Symbol.for('engagement.TagRepository') as ServiceIdentifier<TagRepository>,
  Fulfillments: Symbol.for('engagement.FulfillmentRepository') as ServiceIdentifier<FulfillmentRepository>,
  DeliveryProvider: Symbol.for('engagement.DeliveryProvider') as ServiceIdentifier<DeliveryProvider>,
};

/**
 * Engagement part B: profile, user metadata, tags, fulfillments, account
 * erasure (with every module's PersonalDataEraser) and the bearer gate that
 * refuses tokens of erased readers.
 */
export const engagementBModule = new ContainerModule(({ bind }) => {
  const db = TOKENS.DataSource;
  const clock = TOKENS.Clock;
  bind(ENGAGEMENT_B.UnitOfWork).toDynamicValue((c) => new TypeOrmUnitOfWork(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT_B.Profiles).toDynamicValue((c) => new TypeOrmProfileRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT_B.Metadata).toDynamicValue((c) => new TypeOrmUserMetadataRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT_B.Tags).toDynamicValue((c) => new TypeOrmTagRepository(c.get(db))).inSingletonScope();
  bind(ENGAGEMENT_B.Fulfillments).toDynamicValue((c) => new TypeOrmFulfillmentRepository(c.get(db))).inSingletonScope();
  bind(EmbeddedDeliveryProvider)
    .toDynamicValue((c) => new EmbeddedDeliveryProvider(c.get(db), c.get(TOKENS.Ids), c.get(clock)))
    .inSingletonScope();
  bind(ENGAGEMENT_B.DeliveryProvider).toDynamicValue((c) => c.get(EmbeddedDeliveryProvider));

  // Each module binds the eraser of its own personal data (TOKENS.PersonalDataEraser); this is engagement's.
  const eraser = TOKENS.PersonalDataEraser;
  bind(eraser).toDynamicValue((c) => new EngagementEraser(c.get(db)));

  const users = IDENTITY.Users;
  bind(GetProfile).toDynamicValue(
    (c) => new GetProfile(c.get(users), c.get(ENGAGEMENT_B.Profiles), c.get(ENGAGEMENT_B.Metadata), c.get(ENGAGEMENT_B.Tags)),
  );
  bind(UpdateProfile).toDynamicValue(
    (c) =>
      new UpdateProfile(
        c.get(users),
        c.get(ENGAGEMENT_B.Profiles),
        c.get(ENGAGEMENT_B.Metadata),
        c.get(ENGAGEMENT_B.UnitOfWork),
        c.get(GetProfile),
        c.get(clock),
      ),
  );
  bind(EraseAccount).toDynamicValue(
    (c) => new EraseAccount(c.get(users), c.getAll(eraser), c.get(ENGAGEMENT_B.UnitOfWork), c.get(clock)),
  );
  bind(GetStreamingLink).toDynamicValue((c) => new GetStreamingLink(c.get(ENGAGEMENT_B.Profiles)));
  bind(SetStreamingLink).toDynamicValue(
    (c) => new SetStreamingLink(c.get(users), c.get(ENGAGEMENT_B.Profiles), c.get(ENGAGEMENT_B.UnitOfWork), c.get(clock)),
  );
  bind(ListUserMetadata).toDynamicValue((c) => new ListUserMetadata(c.get(ENGAGEMENT_B.Metadata)));
  bind(PutUserMetadata).toDynamicValue((c) => new PutUserMetadata(c.get(ENGAGEMENT_B.Metadata), c.get(clock)));
  bind(DeleteUserMetadata).toDynamicValue((c) => new DeleteUserMetadata(c.get(ENGAGEMENT_B.Metadata)));
  bind(ListTags).toDynamicValue((c) => new ListTags(c.get(ENGAGEMENT_B.Tags)));
  bind(AddTag).toDynamicValue((c) => new AddTag(c.get(ENGAGEMENT_B.Tags), c.get(clock)));
  bind(RemoveTag).toDynamicValue((c) => new RemoveTag(c.get(ENGAGEMENT_B.Tags)));
  bind(ListFulfillments).toDynamicValue((c) => new ListFulfillments(c.get(ENGAGEMENT_B.Fulfillments)));
  bind(RequestDelivery).toDynamicValue(
    (c) =>
      new RequestDelivery(
        c.get(ENGAGEMENT_B.Fulfillments),
        c.get(ENGAGEMENT_B.Profiles),
        c.get(ENGAGEMENT_B.DeliveryProvider),
        c.get(clock),
      ),
  );
  bind(LoadFulfillments).toDynamicValue(
    (c) => new LoadFulfillments(c.get(ENGAGEMENT_B.Fulfillments), c.get(users), c.get(clock)),
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
});
