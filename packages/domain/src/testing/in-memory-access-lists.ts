import {
  AccessGrant,
  AccessGrantRepository,
  AccessList,
  AccessListRepository,
  Entitlement,
  EntitlementRepository,
  entitlementOfGrant,
  Grantees,
  grantInForce,
  GrantPage,
} from '../access';
import { UserRepository } from '../identity';
import { Clock } from '../shared';

const key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;
const oldestFirst = (a: AccessGrant, b: AccessGrant) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

export class InMemoryAccessListRepository implements AccessListRepository {
  readonly rows = new Map<string, AccessList>();

  async list(vendorId: string): Promise<AccessList[]> {
    return [...this.rows.values()].filter((l) => l.vendorId === vendorId).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }
  async find(vendorId: string, id: string): Promise<AccessList | null> {
    return this.rows.get(key(vendorId, id)) ?? null;
  }
  async add(list: AccessList): Promise<void> {
    this.rows.set(key(list.vendorId, list.id), list);
  }
  async save(list: AccessList): Promise<void> {
    this.rows.set(key(list.vendorId, list.id), list);
  }
}

export class InMemoryAccessGrantRepository implements AccessGrantRepository {
  readonly rows = new Map<string, AccessGrant>();

  private taken(grant: AccessGrant): AccessGrant | undefined {
    return [...this.rows.values()].find(
      (g) => g.vendorId === grant.vendorId && g.listId === grant.listId && g.email === grant.email && g.sku === grant.sku && g.id !== grant.id,
    );
  }

  async listByList(vendorId: string, listId: string, page?: GrantPage): Promise<AccessGrant[]> {
    const all = [...this.rows.values()].filter((g) => g.vendorId === vendorId && g.listId === listId).sort(oldestFirst);
    return page ? all.slice(page.offset, page.offset + page.limit) : all;
  }
  async find(vendorId: string, listId: string, id: string): Promise<AccessGrant | null> {
    const grant = this.rows.get(key(vendorId, id));
    return grant && grant.listId === listId ? grant : null;
  }
  async findByKeys(vendorId: string, listId: string, keys: readonly { email: string; sku: string }[]): Promise<AccessGrant[]> {
    const wanted = new Set(keys.map((k) => `${k.email}\u0000${k.sku}`));
    return (await this.listByList(vendorId, listId)).filter((g) => wanted.has(`${g.email}\u0000${g.sku}`));
  }
  async add(grant: AccessGrant): Promise<boolean> {
    if (this.taken(grant)) return false;
    this.rows.set(key(grant.vendorId, grant.id), grant);
    return true;
  }
  /** Saves over a stored grant of the list; one that is not stored (removed meanwhile) stays gone, as an UPDATE of no row. */
  async save(grant: AccessGrant): Promise<boolean> {
    if (!(await this.find(grant.vendorId, grant.listId, grant.id))) return false;
    return this.add(grant);
  }
  async remove(vendorId: string, listId: string, id: string): Promise<boolean> {
    if (!(await this.find(vendorId, listId, id))) return false;
    return this.rows.delete(key(vendorId, id));
  }
  async upsertMany(grants: readonly AccessGrant[]): Promise<{ grant: AccessGrant; created: boolean }[]> {
    return grants.map((grant) => {
      const before = this.taken(grant) ?? this.rows.get(key(grant.vendorId, grant.id));
      const stored = before ? { ...grant, id: before.id, createdAt: before.createdAt } : grant;
      this.rows.set(key(stored.vendorId, stored.id), stored);
      return { grant: stored, created: !before };
    });
  }

  /**
   * The entitlements the grants give the user with `email` at `now`, as the
   * TypeORM entitlement repository adds them to a user's entitlements.
   */
  entitlementsOf(lists: InMemoryAccessListRepository, vendorId: string, userId: string, email: string, now: Date): Entitlement[] {
    return [...this.rows.values()].flatMap((g) => {
      const list = lists.rows.get(key(vendorId, g.listId));
      return g.vendorId === vendorId && g.email === email && list && grantInForce(g, list, now) ? [entitlementOfGrant(g, list, userId)] : [];
    });
  }
}

/** Users by e-mail, as the test sets them. */
export class InMemoryGrantees implements Grantees {
  readonly users = new Map<string, string>();
  add(vendorId: string, email: string, userId: string): this {
    this.users.set(key(vendorId, email), userId);
    return this;
  }
  async userIdsByEmail(vendorId: string, emails: readonly string[]): Promise<ReadonlyMap<string, string>> {
    return new Map(emails.flatMap((e) => (this.users.has(key(vendorId, e)) ? [[e, this.users.get(key(vendorId, e))!] as [string, string]] : [])));
  }
}

/**
 * A user's entitlements as the service reads them: the stored ones and the
 * grants in force for the user's e-mail, unioned at read time (the TypeORM
 * entitlement repository does it in one statement). Writes go to `stored`.
 */
export class EntitlementsWithGrants implements EntitlementRepository {
  constructor(
    private readonly stored: EntitlementRepository,
    private readonly lists: InMemoryAccessListRepository,
    private readonly grants: InMemoryAccessGrantRepository,
    private readonly users: Pick<UserRepository, 'find'>,
    private readonly clock: Clock,
  ) {}

  listByOrigin(vendorId: string, originType: string, originId: string): Promise<Entitlement[]> {
    return this.stored.listByOrigin(vendorId, originType, originId);
  }
  grant(entitlement: Entitlement): Promise<Entitlement> {
    return this.stored.grant(entitlement);
  }
  revoke(vendorId: string, entitlementId: string, at: Date): Promise<void> {
    return this.stored.revoke(vendorId, entitlementId, at);
  }
  async listByUser(vendorId: string, userId: string): Promise<Entitlement[]> {
    const user = await this.users.find(vendorId, userId);
    const granted = user ? this.grants.entitlementsOf(this.lists, vendorId, userId, user.email, this.clock.now()) : [];
    return [...(await this.stored.listByUser(vendorId, userId)), ...granted].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1),
    );
  }
}

/** The vendor's users by e-mail, read from a user repository (what the service's grantees read). */
export class UsersAsGrantees implements Grantees {
  constructor(private readonly users: Pick<UserRepository, 'findByEmail'>) {}
  async userIdsByEmail(vendorId: string, emails: readonly string[]): Promise<ReadonlyMap<string, string>> {
    const found = new Map<string, string>();
    for (const email of emails) {
      const user = await this.users.findByEmail(vendorId, email);
      if (user) found.set(email, user.id);
    }
    return found;
  }
}
