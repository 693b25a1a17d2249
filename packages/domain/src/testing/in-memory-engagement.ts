import { LimitedWrite, ProfileDetails, ProfileRepository, TagRepository, UnitOfWork, UserMetadataRepository } from '../engagement';

const key = (vendorId: string, userId: string) => `${vendorId}\u0000${userId}`;

/** Runs the work as it is: in memory every write is already all or nothing per call. */
export class ImmediateUnitOfWork implements UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }
}

export class InMemoryProfileRepository implements ProfileRepository {
  readonly rows = new Map<string, ProfileDetails>();
  async find(vendorId: string, userId: string): Promise<ProfileDetails | null> {
    return this.rows.get(key(vendorId, userId)) ?? null;
  }
  async save(details: ProfileDetails): Promise<void> {
    this.rows.set(key(details.vendorId, details.userId), details);
  }
}

/** Metadata per reader; a change past `maxKeys` is refused whole. */
export class InMemoryUserMetadataRepository implements UserMetadataRepository {
  readonly rows = new Map<string, Map<string, string>>();

  async list(vendorId: string, userId: string): Promise<Record<string, string>> {
    return Object.fromEntries(this.rows.get(key(vendorId, userId)) ?? []);
  }

  async apply(vendorId: string, userId: string, changes: Record<string, string | null>, maxKeys: number, _now?: Date): Promise<LimitedWrite> {
    const next = new Map(this.rows.get(key(vendorId, userId)) ?? []);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null) next.delete(name);
      else next.set(name, value);
    }
    if (next.size > maxKeys) return 'too_many';
    this.rows.set(key(vendorId, userId), next);
    return 'ok';
  }

  async remove(vendorId: string, userId: string, name: string): Promise<boolean> {
    return this.rows.get(key(vendorId, userId))?.delete(name) ?? false;
  }
}

/** Tags per reader, in the order they were added. */
export class InMemoryTagRepository implements TagRepository {
  readonly rows = new Map<string, string[]>();

  async list(vendorId: string, userId: string): Promise<string[]> {
    return [...(this.rows.get(key(vendorId, userId)) ?? [])];
  }

  async add(vendorId: string, userId: string, tag: string, maxTags: number, _now?: Date): Promise<LimitedWrite> {
    const tags = this.rows.get(key(vendorId, userId)) ?? [];
    if (tags.includes(tag)) return 'ok';
    if (tags.length >= maxTags) return 'too_many';
    this.rows.set(key(vendorId, userId), [...tags, tag]);
    return 'ok';
  }

  async remove(vendorId: string, userId: string, tag: string): Promise<boolean> {
    const tags = this.rows.get(key(vendorId, userId)) ?? [];
    if (!tags.includes(tag)) return false;
    this.rows.set(
      key(vendorId, userId),
      tags.filter((t) => t !== tag),
    );
    return true;
  }
}
