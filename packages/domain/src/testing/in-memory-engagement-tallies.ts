import { isLive, Tally, TallyKey, TallyOwner, TallyOwnerView, TallyRepository } from '../engagement';

const ownerKey = (o: TallyOwner) => `${o.vendorId}\u0000${o.kind}\u0000${o.id}`;
const tallyKey = (k: TallyKey) => `${ownerKey(k.owner)}\u0000${k.id}`;

/**
 * Tallies by owner. Changes of one owner's tallies run one after another
 * (the service locks per owner too, so a quota of live tallies is decided
 * whole), and what `change` throws leaves everything as it was.
 */
export class InMemoryTallyRepository implements TallyRepository {
  readonly rows = new Map<string, Tally>();
  private readonly locks = new Map<string, Promise<unknown>>();

  async find(key: TallyKey): Promise<Tally | null> {
    return this.rows.get(tallyKey(key)) ?? null;
  }

  async listByOwner(owner: TallyOwner): Promise<Tally[]> {
    return [...this.rows.values()].filter((t) => ownerKey(t.key.owner) === ownerKey(owner)).sort((a, b) => a.key.id.localeCompare(b.key.id));
  }

  update(key: TallyKey, change: (stored: Tally | null, owner: TallyOwnerView) => Promise<Tally>): Promise<Tally> {
    const lock = ownerKey(key.owner);
    const run = (this.locks.get(lock) ?? Promise.resolve()).then(async () => {
      const owner: TallyOwnerView = {
        liveCount: async (now) => (await this.listByOwner(key.owner)).filter((t) => isLive(t, now)).length,
      };
      const next = await change(this.rows.get(tallyKey(key)) ?? null, owner);
      this.rows.set(tallyKey(key), next);
      return next;
    });
    this.locks.set(
      lock,
      run.catch(() => undefined),
    );
    return run;
  }

  async remove(key: TallyKey): Promise<boolean> {
    return this.rows.delete(tallyKey(key));
  }
}
