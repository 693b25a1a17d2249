import { StaffCheck, User, UserDirectory, UserListQuery } from '../identity';
import { InMemoryUserRepository } from './in-memory-identity';

/** The management user directory over the in-memory users; `erased` and `staff` hold user ids. */
export class InMemoryUserDirectory implements UserDirectory, StaffCheck {
  readonly erased = new Set<string>();
  readonly staff = new Set<string>();

  constructor(private readonly users: InMemoryUserRepository) {}

  private live(vendorId: string): User[] {
    return this.users.rows.filter((u) => u.vendorId === vendorId && !this.erased.has(u.id));
  }

  async list(vendorId: string, query: UserListQuery): Promise<User[]> {
    const needle = query.search?.toLowerCase();
    const name = (u: User) => [u.firstName, u.lastName].filter((n) => n !== null).join(' ').toLowerCase();
    return this.live(vendorId)
      .filter((u) => needle === undefined || u.email.toLowerCase().includes(needle) || name(u).includes(needle))
      .filter((u) => query.ids === undefined || query.ids.includes(u.id))
      .filter((u) => query.staff === undefined || this.staff.has(u.id) === query.staff)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .slice(query.page.offset, query.page.offset + query.page.limit);
  }

  async find(vendorId: string, userId: string): Promise<User | null> {
    return this.live(vendorId).find((u) => u.id === userId) ?? null;
  }

  async changeEmail(vendorId: string, userId: string, email: string): Promise<'changed' | 'taken'> {
    if (this.users.rows.some((u) => u.vendorId === vendorId && u.email === email && u.id !== userId)) return 'taken';
    const index = this.users.rows.findIndex((u) => u.vendorId === vendorId && u.id === userId);
    if (index >= 0) this.users.rows[index] = { ...this.users.rows[index], email };
    return 'changed';
  }

  async isStaff(_vendorId: string, userId: string): Promise<boolean> {
    return this.staff.has(userId);
  }
}
