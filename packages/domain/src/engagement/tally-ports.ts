import { Tally, TallyKey, TallyOwner } from './tally';

/** What the change function of an update learns about the tally's owner. */
export interface TallyOwnerView {
  /** Tallies of the owner that are live at `now` (expired ones may be purged while counting). */
  liveCount(now: Date): Promise<number>;
}

export interface TallyRepository {
  find(key: TallyKey): Promise<Tally | null>;
  /** Every stored tally of the owner, expired ones included. */
  listByOwner(owner: TallyOwner): Promise<Tally[]>;
  /**
   * Runs `change` with the tally as stored (null when there is none) while
   * holding a lock that excludes every other update of the same tally (and,
   * when it does not exist yet, every other creation for the same owner), then
   * stores what it returns. What `change` throws leaves everything as it was.
   */
  update(key: TallyKey, change: (stored: Tally | null, owner: TallyOwnerView) => Promise<Tally>): Promise<Tally>;
  /** Removes the tally (live or expired); false when there was none. */
  remove(key: TallyKey): Promise<boolean>;
}
