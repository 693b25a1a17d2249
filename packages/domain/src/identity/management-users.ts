import { Clock, ConflictError, ForbiddenError, IdGenerator, InvalidError, NotFoundError } from '../shared';
import { UserRepository } from './ports';
import { checkPassword, PasswordCredentials, PasswordHasher } from './reader-accounts';
import { createUser, normalizeEmail, User } from './user';

// The vendor's users as the management interface shows them
// (management-interface.md 3.2): list, one, create, e-mail and password.

/** Page sizes of the management lists: `limit` 1 to 500, default 50; `offset` from 0. */
export const MANAGEMENT_LIST_LIMITS = { default: 50, max: 500 } as const;

/** A page of a management list, already bounded. */
export interface ListPage {
  readonly limit: number;
  readonly offset: number;
}

/** `limit` and `offset` as given (or not) to a bounded page. */
export function pageOf(limit?: number, offset?: number): ListPage {
  return {
    limit: Math.min(Math.max(limit ?? MANAGEMENT_LIST_LIMITS.default, 1), MANAGEMENT_LIST_LIMITS.max),
    offset: Math.max(offset ?? 0, 0),
  };
}

/** What a page of the vendor's users is chosen by. */
export interface UserListQuery {
  readonly search?: string;
  readonly ids?: readonly string[];
  readonly staff?: boolean;
  readonly page: ListPage;
}

/** At most this many ids in one `ids` filter of the user list. */
export const USER_IDS_FILTER_MAX = 100;

/** The vendor's live users: erased users (tombstones) are not there. */
export interface UserDirectory {
  /**
   * Newest first; `search` matches part of the e-mail or of the name, case
   * ignored; `ids` keeps only those users; `staff` true keeps only the
   * vendor's own team, false leaves it out.
   */
  list(vendorId: string, query: UserListQuery): Promise<User[]>;
  find(vendorId: string, userId: string): Promise<User | null>;
  /** Sets the user's e-mail; `taken` when another user of the vendor has it. */
  changeEmail(vendorId: string, userId: string, email: string): Promise<'changed' | 'taken'>;
}

export class UserNotFound extends NotFoundError {
  constructor(userId: string) {
    super('USER.NOT_FOUND', `no user ${userId}`, { userId });
  }
}

export class UserExists extends ConflictError {
  constructor(userId: string) {
    super('USER.EXISTS', 'the vendor has a user with this e-mail', { userId });
  }
}

export class EmailTaken extends ConflictError {
  constructor() {
    super('USER.EMAIL_TAKEN', 'another user of the vendor signs in with this e-mail');
  }
}

/** A vendor's staff member is the team's business: an API key never changes or erases one (interface 5.1 rule 3). */
export class StaffUserProtected extends ForbiddenError {
  constructor(userId: string) {
    super('USER.STAFF', 'a staff member of the vendor is managed by the team, not through the management interface', { userId });
  }
}

export const USER_NAME_MAX = 100;

/** The single `name` of the interface: the first and last names joined by a space; null when there is neither. */
export function nameOf(user: Pick<User, 'firstName' | 'lastName'>): string | null {
  const name = [user.firstName, user.lastName].filter((n) => n !== null && n !== '').join(' ');
  return name === '' ? null : name;
}

/**
 * `name` to first and last names: the first word is the first name, the
 * rest the last name (so `nameOf` gives the name back, spaces collapsed);
 * empty or null clears both.
 */
export function splitName(name: string | null): { firstName: string | null; lastName: string | null } {
  const words = (name ?? '').trim().split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return { firstName: null, lastName: null };
  const firstName = words[0];
  const lastName = words.length > 1 ? words.slice(1).join(' ') : null;
  if (firstName.length > USER_NAME_MAX || (lastName?.length ?? 0) > USER_NAME_MAX) {
    throw new InvalidError('USER.BAD_NAME', `a first or last name has at most ${USER_NAME_MAX} characters`);
  }
  return { firstName, lastName };
}

/** The live user of the vendor, or a 404 (another vendor's and erased users included). */
export async function managedUser(directory: Pick<UserDirectory, 'find'>, vendorId: string, userId: string): Promise<User> {
  const user = await directory.find(vendorId, userId);
  if (!user) throw new UserNotFound(userId);
  return user;
}

/**
 * The reader filter of a management list (contracts, bills, transactions,
 * entitlements): `userId`, or `email` (the whole address, case ignored), or
 * both, which must then name the same user. `null` when no user can match,
 * so the list is empty; a malformed e-mail is refused (USER.BAD_EMAIL).
 */
export async function readerFilter(
  users: Pick<UserRepository, 'findByEmail'>,
  vendorId: string,
  filter: { userId?: string; email?: string },
): Promise<{ userId?: string } | null> {
  if (filter.email === undefined) return { userId: filter.userId };
  const user = await users.findByEmail(vendorId, normalizeEmail(filter.email));
  if (!user || (filter.userId !== undefined && filter.userId !== user.id)) return null;
  return { userId: user.id };
}

/** Whether a user is on the vendor's team (a staff membership of that vendor). */
export interface StaffCheck {
  isStaff(vendorId: string, userId: string): Promise<boolean>;
}

/** A live user that is no staff member of the vendor: what may be changed or erased through the interface. */
export async function changeableUser(
  directory: Pick<UserDirectory, 'find'>,
  staff: StaffCheck,
  vendorId: string,
  userId: string,
): Promise<User> {
  const user = await managedUser(directory, vendorId, userId);
  if (await staff.isStaff(vendorId, userId)) throw new StaffUserProtected(userId);
  return user;
}

/** GET /management/users. */
export class ListManagedUsers {
  constructor(private readonly directory: Pick<UserDirectory, 'list'>) {}

  execute(command: { vendorId: string; search?: string; ids?: readonly string[]; staff?: boolean; limit?: number; offset?: number }): Promise<User[]> {
    const search = command.search?.trim();
    const ids = command.ids === undefined ? undefined : [...new Set(command.ids)];
    if (ids !== undefined && ids.length > USER_IDS_FILTER_MAX) {
      throw new InvalidError('USER.TOO_MANY_IDS', `ids names at most ${USER_IDS_FILTER_MAX} users`, { count: ids.length });
    }
    return this.directory.list(command.vendorId, {
      search: search === '' ? undefined : search,
      ids,
      staff: command.staff,
      page: pageOf(command.limit, command.offset),
    });
  }
}

/** GET /management/users/{userId}. */
export class GetManagedUser {
  constructor(private readonly directory: Pick<UserDirectory, 'find'>) {}

  execute(command: { vendorId: string; userId: string }): Promise<User> {
    return managedUser(this.directory, command.vendorId, command.userId);
  }
}

/**
 * POST /management/users: a user for the e-mail, made the way contract
 * creation makes one (`addOrGet`). An e-mail the vendor already has is a
 * 409 naming that user.
 */
export class CreateManagedUser {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail' | 'addOrGet'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; email: string; name?: string | null }): Promise<User> {
    const email = normalizeEmail(command.email);
    const names = splitName(command.name ?? null);
    const existing = await this.users.findByEmail(command.vendorId, email);
    if (existing) throw new UserExists(existing.id);
    const candidate = createUser({ id: this.ids.next(), vendorId: command.vendorId, email, ...names }, this.clock.now());
    const stored = await this.users.addOrGet(candidate);
    // Made by someone else between the look-up and the insert.
    if (stored.id !== candidate.id) throw new UserExists(stored.id);
    return stored;
  }
}

/** POST /management/users/{userId}/change-login-identifier (and `email` of PATCH): the e-mail the user signs in with. */
export class ChangeLoginIdentifier {
  constructor(
    private readonly directory: Pick<UserDirectory, 'find' | 'changeEmail'>,
    private readonly staff: StaffCheck,
  ) {}

  async execute(command: { vendorId: string; userId: string; email: string }): Promise<void> {
    const email = normalizeEmail(command.email);
    const user = await changeableUser(this.directory, this.staff, command.vendorId, command.userId);
    if (user.email === email) return;
    if ((await this.directory.changeEmail(command.vendorId, command.userId, email)) === 'taken') throw new EmailTaken();
  }
}

/** POST /management/users/{userId}/set-password: the same rules as sign-up; the user signs in with it at once. */
export class SetUserPassword {
  constructor(
    private readonly directory: Pick<UserDirectory, 'find'>,
    private readonly staff: StaffCheck,
    private readonly credentials: Pick<PasswordCredentials, 'save'>,
    private readonly hasher: Pick<PasswordHasher, 'hash'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; userId: string; password: string }): Promise<void> {
    checkPassword(command.password);
    await changeableUser(this.directory, this.staff, command.vendorId, command.userId);
    await this.credentials.save(command.vendorId, command.userId, await this.hasher.hash(command.password), this.clock.now());
  }
}
