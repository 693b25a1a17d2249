import { ProductNotFound } from '../../catalog';
import { Clock, EventOutbox, IdGenerator, InvalidError } from '../../shared';
import { entitlementTypeOf } from '../entitlement';
import { AccessList, AccessListFields, AccessListNotFound, changeAccessList, createAccessList } from './access-list';
import { checkGrantRow, GrantRow, GrantRowError } from './csv-rows';
import {
  AccessGrant,
  checkGrantPeriod,
  GrantDetails,
  GrantedProduct,
  GrantExists,
  grantChangeEvents,
  grantEmail,
  GrantNotFound,
  GrantPurchaseOptionNotFound,
  GrantStatus,
  invalidGrant,
} from './grant';
import { AccessGrantRepository, AccessListRepository, GrantCatalog, Grantees, GrantPage } from './ports';

/** A list's grants are listed 10,000 at a time unless the caller asks for fewer (one import's worth). */
export const GRANT_LIST_LIMIT = 10_000;

const compactId = (ids: IdGenerator, prefix: string) => `${prefix}_${ids.next().replace(/-/g, '')}`;

async function listOf(lists: Pick<AccessListRepository, 'find'>, vendorId: string, listId: string): Promise<AccessList> {
  const list = await lists.find(vendorId, listId);
  if (!list) throw new AccessListNotFound(listId);
  return list;
}

export class ListAccessLists {
  constructor(private readonly lists: AccessListRepository) {}
  execute(vendorId: string): Promise<AccessList[]> {
    return this.lists.list(vendorId);
  }
}

export class GetAccessList {
  constructor(private readonly lists: AccessListRepository) {}
  execute(command: { vendorId: string; listId: string }): Promise<AccessList> {
    return listOf(this.lists, command.vendorId, command.listId);
  }
}

export class CreateAccessList {
  constructor(
    private readonly lists: AccessListRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string } & AccessListFields): Promise<AccessList> {
    const list = createAccessList({ ...command, id: compactId(this.ids, 'src') }, this.clock.now());
    await this.lists.add(list);
    return list;
  }
}

/**
 * PUT (`replace`: every field as sent, optional ones reset) or PATCH
 * (`merge`). A change of status that puts the list's grants in or out of
 * force records `entitlement.granted` / `entitlement.revoked` for each grant
 * whose person has an account; run it in a transaction.
 */
export class UpdateAccessList {
  constructor(
    private readonly lists: AccessListRepository,
    private readonly grants: Pick<AccessGrantRepository, 'listByList'>,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: { vendorId: string; listId: string; mode: 'replace' | 'merge'; change: Partial<AccessListFields> & { id?: string } }): Promise<AccessList> {
    const { id, ...change } = command.change;
    if (id !== undefined && id !== command.listId) {
      throw new InvalidError('ACCESS_LIST.ID_MISMATCH', 'id must be the id of the path', { errors: [{ field: 'id', message: 'must be the id of the path' }] });
    }
    const before = await listOf(this.lists, command.vendorId, command.listId);
    const now = this.clock.now();
    const after = changeAccessList(before, change, command.mode, now);
    await this.lists.save(after);
    if (before.status !== after.status) {
      for (const grant of await this.grants.listByList(command.vendorId, command.listId)) {
        const events = grantChangeEvents({ grant, list: before }, { grant, list: after }, now);
        if (events.length > 0) await this.outbox.append(events);
      }
    }
    return after;
  }
}

export class ListGrants {
  constructor(
    private readonly lists: AccessListRepository,
    private readonly grants: AccessGrantRepository,
  ) {}
  async execute(command: { vendorId: string; listId: string; page?: Partial<GrantPage> }): Promise<AccessGrant[]> {
    await listOf(this.lists, command.vendorId, command.listId);
    const page = { limit: Math.min(command.page?.limit ?? GRANT_LIST_LIMIT, GRANT_LIST_LIMIT), offset: command.page?.offset ?? 0 };
    return this.grants.listByList(command.vendorId, command.listId, page);
  }
}

export class GetGrant {
  constructor(
    private readonly lists: AccessListRepository,
    private readonly grants: AccessGrantRepository,
  ) {}
  async execute(command: { vendorId: string; listId: string; grantId: string }): Promise<AccessGrant> {
    await listOf(this.lists, command.vendorId, command.listId);
    const grant = await this.grants.find(command.vendorId, command.listId, command.grantId);
    if (!grant) throw new GrantNotFound(command.grantId);
    return grant;
  }
}

/** The fields of a grant a caller writes; on update, a left-out field stays and `null` clears an optional one. */
export interface GrantFields extends Partial<GrantDetails> {
  readonly email: string;
  readonly sku: string;
  readonly poId: string;
  readonly status: GrantStatus;
  readonly startsAt?: Date | null;
  readonly endsAt?: Date | null;
  /** When given, it must be the vendor's user with `email`. */
  readonly userId?: string | null;
}

const NO_DETAILS: GrantDetails = {
  publisherUserId: null,
  publisherPurchaseId: null,
  firstName: null,
  lastName: null,
  phone: null,
  deliveryAddress: null,
  billingAddress: null,
  notes: null,
  extraFields: {},
  excludeFromStats: false,
};

const defined = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

/** Shared by the grant use cases: the product a grant shows, checked against the vendor's catalogue. */
class GrantProducts {
  private readonly seen = new Map<string, Promise<GrantedProduct>>();
  constructor(
    private readonly catalog: GrantCatalog,
    private readonly vendorId: string,
  ) {}

  /** The product of `sku` (404 `PRODUCT.NOT_FOUND`), with `poId` one of its purchase options (400 otherwise). */
  async of(sku: string, poId: string): Promise<GrantedProduct> {
    const key = `${sku}\u0000${poId}`;
    let found = this.seen.get(key);
    if (!found) {
      found = this.lookUp(sku, poId);
      this.seen.set(key, found);
    }
    return found;
  }

  private async lookUp(sku: string, poId: string): Promise<GrantedProduct> {
    const product = await this.catalog.products.find(this.vendorId, sku);
    if (!product) throw new ProductNotFound(sku);
    const option = await this.catalog.options.find(this.vendorId, poId);
    if (!option || option.sku !== sku) throw new GrantPurchaseOptionNotFound(sku, poId);
    return { type: entitlementTypeOf(product.productType), title: product.title, cover: product.cover, publisherContentId: product.publisherContentId };
  }
}

async function resolveUser(grantees: Grantees, vendorId: string, email: string, claimed: string | null | undefined): Promise<string | null> {
  const userId = (await grantees.userIdsByEmail(vendorId, [email])).get(email) ?? null;
  if (claimed !== undefined && claimed !== null && claimed !== userId) {
    throw invalidGrant('userId', 'must be the id of the user whose e-mail is email (or left out)', 'GRANT.USER_MISMATCH');
  }
  return userId;
}

/**
 * POST .../grants: `source` must be the list of the path (400), sku a
 * product of the vendor (404) and poId one of its options (400); the list
 * having a grant for the e-mail and sku already is a 409. Records
 * `entitlement.granted` when it gives a user access now; run in a transaction.
 */
export class CreateGrant {
  constructor(
    private readonly lists: AccessListRepository,
    private readonly grants: AccessGrantRepository,
    private readonly catalog: GrantCatalog,
    private readonly grantees: Grantees,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: { vendorId: string; listId: string; source: string; fields: GrantFields }): Promise<AccessGrant> {
    if (command.source !== command.listId) {
      throw new InvalidError('GRANT.SOURCE_MISMATCH', 'source must be the access list of the path', {
        errors: [{ field: 'source', message: 'must be the access list of the path' }],
      });
    }
    const list = await listOf(this.lists, command.vendorId, command.listId);
    const f = command.fields;
    const email = grantEmail(f.email);
    checkGrantPeriod(f.startsAt ?? null, f.endsAt ?? null);
    const product = await new GrantProducts(this.catalog, command.vendorId).of(f.sku, f.poId);
    const userId = await resolveUser(this.grantees, command.vendorId, email, f.userId);
    const now = this.clock.now();
    const { email: _e, sku, poId, status, startsAt, endsAt, userId: _u, ...details } = f;
    const grant: AccessGrant = {
      ...NO_DETAILS,
      ...defined(details),
      id: compactId(this.ids, 'grant'),
      vendorId: command.vendorId,
      listId: list.id,
      email,
      sku,
      purchaseOptionId: poId,
      status,
      startsAt: startsAt ?? null,
      endsAt: endsAt ?? null,
      userId,
      product,
      createdAt: now,
      updatedAt: now,
    };
    if (!(await this.grants.add(grant))) throw new GrantExists(email, sku);
    await this.outbox.append(grantChangeEvents(null, { grant, list }, now));
    return grant;
  }
}

/** PUT .../grants/{id}: the given fields over the grant (`null` clears an optional one); events as for a create. */
export class UpdateGrant {
  constructor(
    private readonly lists: AccessListRepository,
    private readonly grants: AccessGrantRepository,
    private readonly catalog: GrantCatalog,
    private readonly grantees: Grantees,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: { vendorId: string; listId: string; grantId: string; change: Partial<GrantFields> }): Promise<AccessGrant> {
    const list = await listOf(this.lists, command.vendorId, command.listId);
    const before = await this.grants.find(command.vendorId, command.listId, command.grantId);
    if (!before) throw new GrantNotFound(command.grantId);
    const { email: rawEmail, sku, poId, status, startsAt, endsAt, userId: claimed, ...details } = command.change;
    const email = rawEmail === undefined ? before.email : grantEmail(rawEmail);
    const next = { sku: sku ?? before.sku, poId: poId ?? before.purchaseOptionId };
    const period = { startsAt: startsAt === undefined ? before.startsAt : startsAt, endsAt: endsAt === undefined ? before.endsAt : endsAt };
    checkGrantPeriod(period.startsAt, period.endsAt);
    const productChanged = next.sku !== before.sku || next.poId !== before.purchaseOptionId;
    const product = productChanged ? await new GrantProducts(this.catalog, command.vendorId).of(next.sku, next.poId) : before.product;
    const userId = await resolveUser(this.grantees, command.vendorId, email, claimed);
    const now = this.clock.now();
    const after: AccessGrant = {
      ...before,
      ...defined(details),
      extraFields: details.extraFields === undefined ? before.extraFields : (details.extraFields ?? {}),
      excludeFromStats: details.excludeFromStats ?? before.excludeFromStats,
      email,
      sku: next.sku,
      purchaseOptionId: next.poId,
      status: status ?? before.status,
      ...period,
      userId,
      product,
      updatedAt: now,
    };
    if (!(await this.grants.save(after))) throw new GrantExists(email, after.sku);
    await this.outbox.append(grantChangeEvents({ grant: before, list }, { grant: after, list }, now));
    return after;
  }
}

/** DELETE .../grants/{id}: the access ends at once; records `entitlement.revoked` when it was in force. */
export class DeleteGrant {
  constructor(
    private readonly lists: AccessListRepository,
    private readonly grants: AccessGrantRepository,
    private readonly grantees: Grantees,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: { vendorId: string; listId: string; grantId: string }): Promise<void> {
    const list = await listOf(this.lists, command.vendorId, command.listId);
    const grant = await this.grants.find(command.vendorId, command.listId, command.grantId);
    if (!grant || !(await this.grants.remove(command.vendorId, command.listId, command.grantId))) throw new GrantNotFound(command.grantId);
    const userId = (await this.grantees.userIdsByEmail(command.vendorId, [grant.email])).get(grant.email) ?? null;
    await this.outbox.append(grantChangeEvents({ grant: { ...grant, userId }, list }, null, this.clock.now()));
  }
}

export interface GrantImportResult {
  readonly created: number;
  readonly updated: number;
  readonly errors: GrantRowError[];
}

/**
 * POST .../grants/import: rows (values by column, numbered as in the file)
 * become ACTIVE grants of the list. Every row is checked on its own and
 * against the catalogue; a row with a problem is not written and is reported
 * with each of its problems; a later row repeating an earlier row's e-mail
 * and sku is a problem too. The other rows are written in one go: a grant the
 * list already has for the e-mail and sku is updated (so importing the same
 * file twice changes nothing the second time but `updatedAt`).
 */
export class ImportGrants {
  constructor(
    private readonly lists: AccessListRepository,
    private readonly grants: AccessGrantRepository,
    private readonly catalog: GrantCatalog,
    private readonly grantees: Grantees,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: { vendorId: string; listId: string; rows: readonly { row: number; values: Readonly<Record<string, string | undefined>> }[] }): Promise<GrantImportResult> {
    const list = await listOf(this.lists, command.vendorId, command.listId);
    const products = new GrantProducts(this.catalog, command.vendorId);
    const errors: GrantRowError[] = [];
    const good: { row: GrantRow; product: GrantedProduct }[] = [];
    const seen = new Map<string, number>();
    for (const { row, values } of command.rows) {
      const checked = checkGrantRow(row, values);
      if ('errors' in checked) {
        errors.push(...checked.errors);
        continue;
      }
      const key = `${checked.row.email}\u0000${checked.row.sku}`;
      const first = seen.get(key);
      if (first !== undefined) {
        errors.push({ row, field: 'email', code: 'GRANT.DUPLICATE_ROW', message: `row ${first} already grants ${checked.row.sku} to this e-mail` });
        continue;
      }
      try {
        good.push({ row: checked.row, product: await products.of(checked.row.sku, checked.row.poId) });
        seen.set(key, row);
      } catch (error) {
        if (error instanceof ProductNotFound) errors.push({ row, field: 'sku', code: error.code, message: error.message });
        else if (error instanceof GrantPurchaseOptionNotFound) errors.push({ row, field: 'poId', code: error.code, message: error.message });
        else throw error;
      }
    }
    if (good.length === 0) return { created: 0, updated: 0, errors };

    const now = this.clock.now();
    const existing = new Map(
      (await this.grants.findByKeys(command.vendorId, list.id, good.map((g) => ({ email: g.row.email, sku: g.row.sku })))).map((g) => [`${g.email}\u0000${g.sku}`, g]),
    );
    const users = await this.grantees.userIdsByEmail(command.vendorId, [...new Set(good.map((g) => g.row.email))]);
    const wanted: AccessGrant[] = good.map(({ row, product }) => {
      const before = existing.get(`${row.email}\u0000${row.sku}`);
      return {
        ...(before ?? NO_DETAILS),
        id: before?.id ?? compactId(this.ids, 'grant'),
        vendorId: command.vendorId,
        listId: list.id,
        email: row.email,
        sku: row.sku,
        purchaseOptionId: row.poId,
        status: 'ACTIVE',
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        userId: users.get(row.email) ?? null,
        product,
        firstName: row.firstName ?? before?.firstName ?? null,
        lastName: row.lastName ?? before?.lastName ?? null,
        publisherUserId: row.publisherUserId ?? before?.publisherUserId ?? null,
        publisherPurchaseId: row.publisherPurchaseId ?? before?.publisherPurchaseId ?? null,
        notes: row.notes ?? before?.notes ?? null,
        createdAt: before?.createdAt ?? now,
        updatedAt: now,
      };
    });
    const stored = await this.grants.upsertMany(wanted);
    for (const { grant } of stored) {
      const before = existing.get(`${grant.email}\u0000${grant.sku}`);
      const events = grantChangeEvents(before ? { grant: { ...before, userId: grant.userId }, list } : null, { grant, list }, now);
      if (events.length > 0) await this.outbox.append(events);
    }
    return { created: stored.filter((s) => s.created).length, updated: stored.filter((s) => !s.created).length, errors };
  }
}
