import { ProfileDetails } from './profile';

/** Runs work atomically: every repository called inside writes in one transaction. */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}

export interface ProfileRepository {
  find(vendorId: string, userId: string): Promise<ProfileDetails | null>;
  /** Inserts or replaces the reader's details. */
  save(details: ProfileDetails): Promise<void>;
}

export type LimitedWrite = 'ok' | 'too_many';

export interface UserMetadataRepository {
  list(vendorId: string, userId: string): Promise<Record<string, string>>;
  /**
   * Sets (string) and removes (null) keys in one step, refusing the whole
   * change with `too_many` when the reader would end with more than
   * `maxKeys` keys. Decided under a per-reader lock, so parallel writes
   * never pass the limit.
   */
  apply(vendorId: string, userId: string, changes: Record<string, string | null>, maxKeys: number, now: Date): Promise<LimitedWrite>;
  /** false when the reader has no such key. */
  remove(vendorId: string, userId: string, key: string): Promise<boolean>;
}

export interface TagRepository {
  /** In the order they were added. */
  list(vendorId: string, userId: string): Promise<string[]>;
  /** Adds the tag (already there: `ok`, unchanged); `too_many` past `maxTags`, decided under a per-reader lock. */
  add(vendorId: string, userId: string, tag: string, maxTags: number, now: Date): Promise<LimitedWrite>;
  remove(vendorId: string, userId: string, tag: string): Promise<boolean>;
}
