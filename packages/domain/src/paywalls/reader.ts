import { ReaderUnknown } from './errors';

/**
 * Who is reading: the signed-in user when there is one, otherwise the
 * visitor id the browser library keeps (the Basic credentials'
 * `<clientId>:<visitorId>`). Reads are counted per reader.
 */
export type Reader = { readonly userId: string; readonly visitorId?: string } | { readonly userId?: undefined; readonly visitorId: string };

/** The key reads are counted under: `user:<id>` when signed in, `visitor:<id>` otherwise. */
export type ReaderKey = string;

export function readerKeyOf(reader: { userId?: string | null; visitorId?: string | null }): ReaderKey {
  if (reader.userId) return userReaderKey(reader.userId);
  if (reader.visitorId) return visitorReaderKey(reader.visitorId);
  throw new ReaderUnknown();
}

export const userReaderKey = (userId: string): ReaderKey => `user:${userId}`;
export const visitorReaderKey = (visitorId: string): ReaderKey => `visitor:${visitorId}`;
