import { WebhookEndpoint, WebhookEndpointState } from '../../webhooks/endpoint';
import { WebhookEndpointRepository } from '../../webhooks/ports';
import { minutesLater, SUITE_START } from './contract-builders';
import { ContractCase, ContractViolation, same } from './contract-case';

/**
 * What every WebhookEndpointRepository must do (webhooks/ports.ts): every
 * method takes the vendor, and another vendor's endpoint is not found (nor
 * saved over, listed or deleted). A fixture holds no endpoint of its two
 * vendors (which exist, for stores that check). Endpoint ids are made from
 * the vendor's, since a store may keep ids unique across vendors.
 */
export interface WebhookEndpointRepositoryFixture {
  readonly endpoints: WebhookEndpointRepository;
  readonly vendorId: string;
  readonly otherVendorId: string;
}

const SECRET_A = `whsec_${btoa('contract-suite-secret-number-a')}`;
const SECRET_B = `whsec_${btoa('contract-suite-secret-number-b')}`;

const endpoint = (vendorId: string, name: string, at = SUITE_START): WebhookEndpoint =>
  WebhookEndpoint.create({
    id: `${vendorId}-${name}`,
    vendorId,
    url: 'https://hooks.example.com/kiosk?source=suite',
    eventTypes: ['contract.created', 'contract.confirmed'],
    description: 'Order system',
    secret: SECRET_A,
    now: at,
  });

/** A disabled endpoint for every event type, failing since a minute in, with a rotated secret: every field differs from `endpoint`'s. */
function wornEndpoint(vendorId: string, name: string): WebhookEndpoint {
  const made = WebhookEndpoint.create({
    id: `${vendorId}-${name}`,
    vendorId,
    url: 'http://hooks.example.net/other',
    eventTypes: null,
    description: null,
    secret: SECRET_A,
    now: SUITE_START,
  });
  made.rotateSecret(SECRET_B, minutesLater(2));
  made.disable('failing for five days', minutesLater(3));
  const state: WebhookEndpointState = { ...made.snapshot(), failingSince: minutesLater(1) };
  return WebhookEndpoint.rehydrate(state);
}

async function stored(f: WebhookEndpointRepositoryFixture, id: string): Promise<WebhookEndpoint> {
  const found = await f.endpoints.get(f.vendorId, id);
  if (!found) throw new ContractViolation(`endpoint ${id} is not there`);
  return found;
}

const sortedIds = (endpoints: WebhookEndpoint[]) => endpoints.map((e) => e.id).sort();

export const WEBHOOK_ENDPOINT_REPOSITORY_CONTRACT: readonly ContractCase<WebhookEndpointRepositoryFixture>[] = [
  {
    name: "gets an endpoint as it was added, every field and secret; another vendor gets, lists and deletes nothing of it",
    async run(f) {
      const fresh = endpoint(f.vendorId, 'fresh');
      const worn = wornEndpoint(f.vendorId, 'worn');
      await f.endpoints.add(fresh);
      await f.endpoints.add(worn);
      same((await stored(f, fresh.id)).snapshot(), fresh.snapshot(), 'the new endpoint');
      same((await stored(f, worn.id)).snapshot(), worn.snapshot(), 'the disabled endpoint with a rotated secret');
      same(await f.endpoints.get(f.otherVendorId, fresh.id), null, "another vendor's get");
      same(await f.endpoints.list(f.otherVendorId), [], "another vendor's list");
      same(await f.endpoints.delete(f.otherVendorId, fresh.id), false, "another vendor's delete");
      same((await stored(f, fresh.id)).snapshot(), fresh.snapshot(), "the endpoint after another vendor's delete");
    },
  },
  {
    name: 'what is stored changes only by save: save stores the changed url, event types, description, status and secrets',
    async run(f) {
      const made = endpoint(f.vendorId, 'w1');
      await f.endpoints.add(made);
      made.update({ url: 'https://changed.example.com/' }, minutesLater(1));
      same((await stored(f, made.id)).snapshot().url, 'https://hooks.example.com/kiosk?source=suite', 'the url before a save');
      const changed = await stored(f, made.id);
      changed.update({ url: 'https://new.example.com/hook', eventTypes: ['bill.paid'], description: 'Ledger', enabled: false }, minutesLater(5));
      changed.rotateSecret(SECRET_B, minutesLater(6));
      await f.endpoints.save(changed);
      same((await stored(f, made.id)).snapshot(), changed.snapshot(), 'the saved endpoint');
    },
  },
  {
    name: 'enabling a failing endpoint again and saving it starts its failures afresh',
    async run(f) {
      const worn = wornEndpoint(f.vendorId, 'worn');
      await f.endpoints.add(worn);
      const again = await stored(f, worn.id);
      again.enable(minutesLater(10));
      await f.endpoints.save(again);
      const after = (await stored(f, worn.id)).snapshot();
      same([after.status, after.disabledReason, after.failingSince, after.updatedAt], ['enabled', null, null, minutesLater(10)], 'the enabled endpoint');
    },
  },
  {
    name: "saving an endpoint that is not stored (deleted meanwhile, or under another vendor) stores nothing",
    async run(f) {
      const made = endpoint(f.vendorId, 'w1');
      await f.endpoints.add(made);
      const underOther = WebhookEndpoint.rehydrate({ ...made.snapshot(), vendorId: f.otherVendorId, description: 'moved' });
      await f.endpoints.save(underOther);
      same(await f.endpoints.get(f.otherVendorId, made.id), null, 'the endpoint under another vendor');
      same((await stored(f, made.id)).snapshot(), made.snapshot(), 'the endpoint of the vendor');
      same(await f.endpoints.delete(f.vendorId, made.id), true, 'the delete');
      made.update({ description: 'too late' }, minutesLater(1));
      await f.endpoints.save(made);
      same(await f.endpoints.get(f.vendorId, made.id), null, 'the deleted endpoint after a save');
    },
  },
  {
    name: 'delete removes that endpoint only and answers whether there was one',
    async run(f) {
      const [one, two] = [endpoint(f.vendorId, 'w1'), endpoint(f.vendorId, 'w2', minutesLater(1))];
      await f.endpoints.add(one);
      await f.endpoints.add(two);
      same(await f.endpoints.delete(f.vendorId, one.id), true, 'the first delete');
      same(await f.endpoints.delete(f.vendorId, one.id), false, 'the delete of a deleted endpoint');
      same(sortedIds(await f.endpoints.list(f.vendorId)), [two.id], 'what is left');
    },
  },
  {
    name: "lists every endpoint of the vendor and none of another vendor's",
    async run(f) {
      const mine = [endpoint(f.vendorId, 'w2', minutesLater(2)), endpoint(f.vendorId, 'w1', minutesLater(1)), wornEndpoint(f.vendorId, 'w3')];
      for (const e of mine) await f.endpoints.add(e);
      await f.endpoints.add(endpoint(f.otherVendorId, 'w1'));
      same(sortedIds(await f.endpoints.list(f.vendorId)), sortedIds(mine), "the vendor's endpoints (by id)");
    },
  },
];
