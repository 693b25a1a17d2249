import { PaywallNotFound } from '../../paywalls/errors';
import { Paywall } from '../../paywalls/paywall';
import { PaywallHistory } from '../../paywalls/history';
import { PaywallRepository } from '../../paywalls/ports';
import { ContractCase, ContractViolation, rejects, same } from './contract-case';

/**
 * What every PaywallRepository must do (paywalls/ports.ts). A fixture is a
 * repository holding no paywall of its two vendors (which exist, for stores
 * that check).
 */
export interface PaywallRepositoryFixture {
  /** The repository, which also answers the history of what it saved. */
  readonly paywalls: PaywallRepository & PaywallHistory;
  readonly vendorId: string;
  readonly otherVendorId: string;
}

const T = new Date('2026-01-01T00:00:00Z');
const later = (minutes: number) => new Date(T.getTime() + minutes * 60_000);

const paywall = (vendorId: string, id: string, now = T) =>
  Paywall.create({ id, vendorId, name: `Paywall ${id}`, content: { currency: 'SEK', headline: 'Read on' } }, now);

async function stored(f: PaywallRepositoryFixture, id: string, vendorId = f.vendorId) {
  const found = await f.paywalls.find(vendorId, id);
  if (!found) throw new ContractViolation(`paywall ${id} of ${vendorId} is not there`);
  return found;
}

export const PAYWALL_REPOSITORY_CONTRACT: readonly ContractCase<PaywallRepositoryFixture>[] = [
  {
    name: 'keeps every saved version whole, with who saved it and when; no version for a change that alters nothing or throws',
    async run(f) {
      const made = paywall(f.vendorId, 'pw1');
      await f.paywalls.add(made, { kind: 'API_KEY', id: 'apikey_1' });
      await f.paywalls.update(f.vendorId, 'pw1', (p) => p.change({ content: { headline: 'Keep reading' } }, later(1)), { kind: 'STAFF', id: 'u1' });
      await f.paywalls.update(f.vendorId, 'pw1', (p) => p.change({ content: { headline: 'Keep reading' } }, later(2)));
      await rejects(
        () =>
          f.paywalls.update(f.vendorId, 'pw1', (p) => {
            p.change({ content: { headline: 'Lost' } }, later(3));
            throw new PaywallNotFound('pw1');
          }),
        PaywallNotFound,
        'a throwing change',
      );
      await f.paywalls.update(f.vendorId, 'pw1', (p) => p.retire(later(4)));
      const all = await f.paywalls.versions(f.vendorId, 'pw1', { limit: 10, offset: 0 });
      same(
        all.map((v) => [v.version, v.savedAt.toISOString(), v.savedBy, v.snapshot.status, v.snapshot.content.headline]),
        [
          [3, later(4).toISOString(), null, 'ARCHIVED', 'Keep reading'],
          [2, later(1).toISOString(), { kind: 'STAFF', id: 'u1' }, 'ACTIVE', 'Keep reading'],
          [1, T.toISOString(), { kind: 'API_KEY', id: 'apikey_1' }, 'ACTIVE', 'Read on'],
        ],
        'versions, newest first',
      );
      same((await f.paywalls.version(f.vendorId, 'pw1', 1))?.snapshot, made.toSnapshot(), 'version 1 whole');
      same((await f.paywalls.versions(f.vendorId, 'pw1', { limit: 1, offset: 1 })).map((v) => v.version), [2], 'a page');
      same(await f.paywalls.version(f.vendorId, 'pw1', 4), null, 'a version never saved');
      same(await f.paywalls.version(f.otherVendorId, 'pw1', 1), null, "another vendor's");
      same(await f.paywalls.versions(f.otherVendorId, 'pw1', { limit: 10, offset: 0 }), [], "another vendor's list");
    },
  },
  {
    name: 'adds a paywall once and finds it as it was; the same id again is refused',
    async run(f) {
      const made = paywall(f.vendorId, 'pw1');
      same(await f.paywalls.add(made), true, 'first add');
      same(await f.paywalls.add(paywall(f.vendorId, 'pw1', later(1))), false, 'second add of the id');
      same((await stored(f, 'pw1')).toSnapshot(), made.toSnapshot(), 'what is found');
    },
  },
  {
    name: "another vendor's paywall is not there, to find, change or list",
    async run(f) {
      await f.paywalls.add(paywall(f.vendorId, 'pw1'));
      same(await f.paywalls.find(f.otherVendorId, 'pw1'), null, 'find');
      await rejects(() => f.paywalls.update(f.otherVendorId, 'pw1', (p) => p.retire(later(1))), PaywallNotFound, 'update');
      same(await f.paywalls.list(f.otherVendorId), [], 'list');
      same(await f.paywalls.add(paywall(f.otherVendorId, 'pw1')), true, 'the same id for another vendor');
    },
  },
  {
    name: 'an update saves the change with its new version and answers what the change answered',
    async run(f) {
      await f.paywalls.add(paywall(f.vendorId, 'pw1'));
      const answer = await f.paywalls.update(f.vendorId, 'pw1', (p) => p.change({ content: { headline: 'Keep reading' } }, later(1)));
      same(answer, true, 'answer');
      const found = await stored(f, 'pw1');
      same([found.version, found.content.headline], [2, 'Keep reading'], 'version and headline');
    },
  },
  {
    name: 'an update that throws saves nothing',
    async run(f) {
      await f.paywalls.add(paywall(f.vendorId, 'pw1'));
      class Refused extends Error {}
      await rejects(
        () =>
          f.paywalls.update(f.vendorId, 'pw1', (p) => {
            p.change({ content: { headline: 'Never saved' } }, later(1));
            throw new Refused('no');
          }),
        Refused,
        'the update',
      );
      same([(await stored(f, 'pw1')).version, (await stored(f, 'pw1')).content.headline], [1, 'Read on'], 'after the refusal');
    },
  },
  {
    name: 'two concurrent updates give two versions, never a lost update',
    async run(f) {
      await f.paywalls.add(paywall(f.vendorId, 'pw1'));
      const pause = () => new Promise((resolve) => setTimeout(resolve, 10));
      await Promise.all([
        f.paywalls.update(f.vendorId, 'pw1', async (p) => {
          await pause();
          return p.change({ content: { headline: 'First' } }, later(1));
        }),
        f.paywalls.update(f.vendorId, 'pw1', async (p) => {
          await pause();
          return p.change({ content: { description: 'Second' } }, later(2));
        }),
      ]);
      const found = await stored(f, 'pw1');
      same([found.version, found.content.headline, found.content.description], [3, 'First', 'Second'], 'both changes');
    },
  },
  {
    name: 'lists every paywall of the vendor, archived ones included, oldest first',
    async run(f) {
      await f.paywalls.add(paywall(f.vendorId, 'pw-b', later(1)));
      await f.paywalls.add(paywall(f.vendorId, 'pw-a', later(2)));
      await f.paywalls.update(f.vendorId, 'pw-b', (p) => p.retire(later(3)));
      same(
        (await f.paywalls.list(f.vendorId)).map((p) => [p.id, p.status]),
        [
          ['pw-b', 'ARCHIVED'],
          ['pw-a', 'ACTIVE'],
        ],
        'the list',
      );
    },
  },
];
