import { isLive, Tally, TallyKey, TallyOwner, TallyPoliciesInput } from './tally';

/**
 * Who asks for tallies: a signed-in user, or an anonymous visitor with the
 * keyed hash of the IP address the request came from (null when unknown).
 */
export type TallyReader =
  | { readonly kind: 'user'; readonly vendorId: string; readonly userId: string }
  | { readonly kind: 'visitor'; readonly vendorId: string; readonly visitorId: string; readonly ipKey: string | null };

export function ownOwner(reader: TallyReader): TallyOwner {
  return reader.kind === 'user'
    ? { vendorId: reader.vendorId, kind: 'user', id: reader.userId }
    : { vendorId: reader.vendorId, kind: 'visitor', id: reader.visitorId };
}

/** The owner of the tallies visitors behind the reader's IP share; none for users and unknown addresses. */
export function sharedOwner(reader: TallyReader): TallyOwner | null {
  return reader.kind === 'visitor' && reader.ipKey !== null
    ? { vendorId: reader.vendorId, kind: 'shared', id: reader.ipKey }
    : null;
}

/** A shared tally counts only while it is live and still has `ipSessionSharing` on. */
export const isSharing = (tally: Tally | null, now: Date): tally is Tally =>
  tally !== null && tally.policies.ipSessionSharing && isLive(tally, now);

/**
 * Which tally a write goes to. Policies sent decide for a visitor: with
 * `ipSessionSharing` the IP's shared tally, without it the visitor's own.
 * Without policies a live shared tally of that id wins, else the visitor's
 * own. Users always write their own tally.
 */
export function writeKey(
  reader: TallyReader,
  id: string,
  policies: TallyPoliciesInput | undefined,
  shared: Tally | null,
  now: Date,
): TallyKey {
  const sharedBy = sharedOwner(reader);
  if (sharedBy) {
    if (policies !== undefined ? policies.ipSessionSharing === true : isSharing(shared, now)) return { owner: sharedBy, id };
  }
  return { owner: ownOwner(reader), id };
}
