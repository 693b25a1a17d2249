import { User } from '../identity/user';
import { UserRepository } from '../identity/ports';
import { Clock, NotFoundError } from '../shared';
import { applyProfilePatch, emptyProfile, ProfileDetails, ProfilePatch } from './profile';
import { ProfileRepository, TagRepository, UnitOfWork, UserMetadataRepository } from './profile-ports';
import { checkMetadataChanges, tooManyKeys, USER_METADATA_LIMITS } from './user-metadata';

/** A reader's profile as interface 2.7 shows it: identity's user plus what engagement keeps. */
export interface ReaderProfile {
  readonly user: User;
  readonly details: ProfileDetails;
  readonly tags: readonly string[];
  readonly metadata: Readonly<Record<string, string>>;
}

export interface ReaderRef {
  readonly vendorId: string;
  readonly userId: string;
}

const noSuchReader = () => new NotFoundError('PROFILE.NOT_FOUND', 'no such reader');

async function readerOf(users: UserRepository, ref: ReaderRef): Promise<User> {
  const user = await users.find(ref.vendorId, ref.userId);
  if (!user) throw noSuchReader();
  return user;
}

export class GetProfile {
  constructor(
    private readonly users: UserRepository,
    private readonly profiles: ProfileRepository,
    private readonly metadata: UserMetadataRepository,
    private readonly tags: TagRepository,
  ) {}

  async execute(ref: ReaderRef): Promise<ReaderProfile> {
    const user = await readerOf(this.users, ref);
    const details = (await this.profiles.find(ref.vendorId, ref.userId)) ?? emptyProfile(ref.vendorId, ref.userId, user.createdAt);
    return {
      user,
      details,
      tags: await this.tags.list(ref.vendorId, ref.userId),
      metadata: await this.metadata.list(ref.vendorId, ref.userId),
    };
  }
}

/**
 * PATCH /profile: the whole patch is checked first, then names (identity),
 * details and metadata are written in one transaction; nothing is half-written.
 */
export class UpdateProfile {
  constructor(
    private readonly users: UserRepository,
    private readonly profiles: ProfileRepository,
    private readonly metadata: UserMetadataRepository,
    private readonly uow: UnitOfWork,
    private readonly get: GetProfile,
    private readonly clock: Clock,
  ) {}

  async execute(command: ReaderRef & { patch: ProfilePatch }): Promise<ReaderProfile> {
    const now = this.clock.now();
    const metadataChanges = command.patch.user_metadata ? checkMetadataChanges(command.patch.user_metadata) : null;
    await this.uow.run(async () => {
      const user = await readerOf(this.users, command);
      const current = (await this.profiles.find(command.vendorId, command.userId)) ?? emptyProfile(command.vendorId, command.userId, now);
      const { details, names } = applyProfilePatch(current, command.patch, now);
      if (names.firstName !== undefined || names.lastName !== undefined) {
        await this.users.rename(
          command.vendorId,
          command.userId,
          names.firstName === undefined ? user.firstName : names.firstName,
          names.lastName === undefined ? user.lastName : names.lastName,
        );
      }
      await this.profiles.save(details);
      if (metadataChanges && Object.keys(metadataChanges).length > 0) {
        const outcome = await this.metadata.apply(command.vendorId, command.userId, metadataChanges, USER_METADATA_LIMITS.maxKeys, now);
        if (outcome === 'too_many') throw tooManyKeys();
      }
    });
    return this.get.execute(command);
  }
}

export class GetStreamingLink {
  constructor(private readonly profiles: ProfileRepository) {}

  async execute(ref: ReaderRef): Promise<{ isStreamingLinked: boolean }> {
    const details = await this.profiles.find(ref.vendorId, ref.userId);
    return { isStreamingLinked: details?.streamingLinked ?? false };
  }
}

/** Sets the streaming-link state; the login flow links, the reader unlinks (always a success, also when not linked). */
export class SetStreamingLink {
  constructor(
    private readonly users: UserRepository,
    private readonly profiles: ProfileRepository,
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(command: ReaderRef & { linked: boolean }): Promise<{ success: boolean }> {
    const now = this.clock.now();
    await this.uow.run(async () => {
      await readerOf(this.users, command);
      const current = (await this.profiles.find(command.vendorId, command.userId)) ?? emptyProfile(command.vendorId, command.userId, now);
      if (current.streamingLinked !== command.linked) {
        await this.profiles.save({ ...current, streamingLinked: command.linked, updatedAt: now });
      }
    });
    return { success: true };
  }
}
