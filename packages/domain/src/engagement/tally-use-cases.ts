import { Clock } from '../shared';
import {
  checkTallyId,
  isLive,
  pushToTally,
  replaceTally,
  setTally,
  Tally,
  TALLY_LIMITS,
  TallyKey,
  TallyPoliciesInput,
  TallyQuotaExceeded,
  TallyValuesInput,
  tallyValuesOf,
  valuesOf,
} from './tally';
import { TallyOwnerView, TallyRepository } from './tally-ports';
import { isSharing, ownOwner, sharedOwner, TallyReader, writeKey } from './tally-reader';

async function sharedTally(tallies: TallyRepository, reader: TallyReader, id: string): Promise<Tally | null> {
  const owner = sharedOwner(reader);
  return owner ? tallies.find({ owner, id }) : null;
}

/** The tally a reader sees under an id: a live shared one first (visitors), else the reader's own live one. */
async function visibleTally(tallies: TallyRepository, reader: TallyReader, id: string, now: Date): Promise<Tally | null> {
  const shared = await sharedTally(tallies, reader, id);
  if (isSharing(shared, now)) return shared;
  const own = await tallies.find({ owner: ownOwner(reader), id });
  return own && isLive(own, now) ? own : null;
}

/** `GET /tallies`: every live tally of the reader, id to values; shared ones win over a visitor's own. */
export class ListTallies {
  constructor(
    private readonly tallies: TallyRepository,
    private readonly clock: Clock,
  ) {}

  async execute(reader: TallyReader): Promise<Record<string, string[]>> {
    const now = this.clock.now();
    const result: Record<string, string[]> = {};
    for (const tally of await this.tallies.listByOwner(ownOwner(reader))) {
      if (isLive(tally, now)) result[tally.key.id] = valuesOf(tally);
    }
    const shared = sharedOwner(reader);
    if (shared) {
      for (const tally of await this.tallies.listByOwner(shared)) {
        if (isSharing(tally, now)) result[tally.key.id] = valuesOf(tally);
      }
    }
    return Object.fromEntries(Object.entries(result).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  }
}

/** `GET /tallies/{id}`: the values, oldest first; an unknown or expired tally is empty. */
export class GetTally {
  constructor(
    private readonly tallies: TallyRepository,
    private readonly clock: Clock,
  ) {}

  async execute(query: { reader: TallyReader; id: string }): Promise<string[]> {
    checkTallyId(query.id);
    return valuesOf(await visibleTally(this.tallies, query.reader, query.id, this.clock.now()));
  }
}

export interface TallyChange {
  readonly reader: TallyReader;
  readonly id: string;
  readonly value: string;
  readonly policies?: TallyPoliciesInput;
}

type Rule = (key: TallyKey, stored: Tally | null, now: Date) => Tally;

async function changeTally(tallies: TallyRepository, clock: Clock, change: TallyChange, rule: Rule): Promise<Tally> {
  checkTallyId(change.id);
  const now = clock.now();
  const key = writeKey(change.reader, change.id, change.policies, await sharedTally(tallies, change.reader, change.id), now);
  return tallies.update(key, async (stored: Tally | null, owner: TallyOwnerView) => {
    const next = rule(key, stored, now);
    // A new tally (or one that expired and comes back) must fit in the owner's quota.
    if (!(stored && isLive(stored, now)) && (await owner.liveCount(now)) >= TALLY_LIMITS.talliesPerReader) {
      throw new TallyQuotaExceeded();
    }
    return next;
  });
}

/** `PUT /tallies/{id}`: the tally becomes the one value. */
export class SetTally {
  constructor(
    private readonly tallies: TallyRepository,
    private readonly clock: Clock,
  ) {}

  execute(change: TallyChange): Promise<Tally> {
    return changeTally(this.tallies, this.clock, change, (key, stored, now) =>
      setTally(key, stored, change.value, change.policies, now),
    );
  }
}

/** `POST /tallies/{id}/push`: the value is added under the tally's lock; answers the values after the push. */
export class PushToTally {
  constructor(
    private readonly tallies: TallyRepository,
    private readonly clock: Clock,
  ) {}

  async execute(change: TallyChange): Promise<string[]> {
    const tally = await changeTally(this.tallies, this.clock, change, (key, stored, now) =>
      pushToTally(key, stored, change.value, change.policies, now),
    );
    return valuesOf(tally);
  }
}

/**
 * `POST /tallies` (compatibility route of the public client): the tally
 * becomes the values (see `replaceTally`), created or replaced, with the same
 * owner, policies and quota rules as `PUT /tallies/{id}`.
 */
export class CreateTally {
  constructor(
    private readonly tallies: TallyRepository,
    private readonly clock: Clock,
  ) {}

  execute(change: Omit<TallyChange, 'value'> & { value: TallyValuesInput }): Promise<Tally> {
    checkTallyId(change.id);
    const values = tallyValuesOf(change.value);
    return changeTally(this.tallies, this.clock, { ...change, value: '' }, (key, stored, now) =>
      replaceTally(key, stored, values, change.policies, now),
    );
  }
}

/**
 * `DELETE /tallies/{id}` (compatibility route): removes the tally the reader
 * sees under the id, so that `GET /tallies/{id}` answers `[]` afterwards: the
 * reader's own, and for a visitor also the tally shared by the visitors behind
 * the IP while it is shared. Nothing to remove is no error.
 */
export class DeleteTally {
  constructor(
    private readonly tallies: TallyRepository,
    private readonly clock: Clock,
  ) {}

  async execute(query: { reader: TallyReader; id: string }): Promise<void> {
    checkTallyId(query.id);
    const shared = await sharedTally(this.tallies, query.reader, query.id);
    if (isSharing(shared, this.clock.now())) await this.tallies.remove(shared.key);
    await this.tallies.remove({ owner: ownOwner(query.reader), id: query.id });
  }
}
