import { ReaderUnknown } from './errors';

/** The key reads are counted under: `user:<id>` when signed in, `visitor:<id>` otherwise. */
export type ReaderKey = string;

/**
 * Who is reading: the signed-in user when there is one, otherwise the
 * visitor id the browser library keeps (the Basic credentials'
 * `<clientId>:<visitorId>`). Reads are counted per reader.
 */
export function readerKeyOf(reader: { userId?: string | null; visitorId?: string | null }): ReaderKey {
  if (reader.userId) return userReaderKey(reader.userId);
  if (reader.visitorId) return visitorReaderKey(reader.visitorId);
  throw new ReaderUnknown();
}

export const userReaderKey = (userId: string): ReaderKey => `user:${userId}`;
export const visitorReaderKey = (visitorId: string): ReaderKey => `visitor:${visitorId}`;
