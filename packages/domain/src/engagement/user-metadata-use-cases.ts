import { Clock } from '../shared';
import { UserMetadataRepository } from './profile-ports';
import { ReaderRef } from './profile-use-cases';
import { checkMetadataKey, checkMetadataValue, tooManyKeys, USER_METADATA_LIMITS } from './user-metadata';

export class ListUserMetadata {
  constructor(private readonly metadata: UserMetadataRepository) {}

  execute(ref: ReaderRef): Promise<Record<string, string>> {
    return this.metadata.list(ref.vendorId, ref.userId);
  }
}

export class PutUserMetadata {
  constructor(
    private readonly metadata: UserMetadataRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: ReaderRef & { key: string; value: string }): Promise<{ success: boolean }> {
    const key = checkMetadataKey(command.key);
    const value = checkMetadataValue(key, command.value);
    const outcome = await this.metadata.apply(command.vendorId, command.userId, { [key]: value }, USER_METADATA_LIMITS.maxKeys, this.clock.now());
    if (outcome === 'too_many') throw tooManyKeys();
    return { success: true };
  }
}

/** Removes a key; removing one the reader does not have changes nothing and answers `{success: true}` too. */
export class DeleteUserMetadata {
  constructor(private readonly metadata: UserMetadataRepository) {}

  async execute(command: ReaderRef & { key: string }): Promise<{ success: boolean }> {
    const key = checkMetadataKey(command.key);
    await this.metadata.remove(command.vendorId, command.userId, key);
    return { success: true };
  }
}
