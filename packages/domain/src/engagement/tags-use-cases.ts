import { Clock } from '../shared';
import { TagRepository } from './profile-ports';
import { ReaderRef } from './profile-use-cases';
import { normalizeTag, TAG_LIMITS, tooManyTags } from './tags';

export class ListTags {
  constructor(private readonly tags: TagRepository) {}

  execute(ref: ReaderRef): Promise<string[]> {
    return this.tags.list(ref.vendorId, ref.userId);
  }
}

/** Adds a tag (adding one the reader has changes nothing); answers the tag as stored. */
export class AddTag {
  constructor(
    private readonly tags: TagRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: ReaderRef & { tag: string }): Promise<string> {
    const tag = normalizeTag(command.tag);
    if ((await this.tags.add(command.vendorId, command.userId, tag, TAG_LIMITS.maxTags, this.clock.now())) === 'too_many') {
      throw tooManyTags();
    }
    return tag;
  }
}

/** Removes a tag; removing one the reader does not have changes nothing (the interface answers the tag either way). */
export class RemoveTag {
  constructor(private readonly tags: TagRepository) {}

  async execute(command: ReaderRef & { tag: string }): Promise<string> {
    const tag = normalizeTag(command.tag);
    await this.tags.remove(command.vendorId, command.userId, tag);
    return tag;
  }
}
