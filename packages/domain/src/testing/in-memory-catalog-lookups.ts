import { AccountsByEmail, SiteBrowserClients, VendorDueWork } from '../catalog';
import { BrowserClientRepository, normalizeEmail, User } from '../identity';

// The catalog's ports that read other modules (users, browser clients) or
// run their time-driven work, over the kit's in-memory stores.

/** Readers' accounts by e-mail across vendors, from the users of a user store. */
export class UsersAsAccountsByEmail implements AccountsByEmail {
  constructor(private readonly users: { readonly rows: readonly User[] }) {}
  async emailOf(vendorId: string, userId: string): Promise<string | null> {
    return this.users.rows.find((u) => u.vendorId === vendorId && u.id === userId)?.email ?? null;
  }
  async vendorIdsWithEmail(email: string): Promise<string[]> {
    const wanted = normalizeEmail(email);
    return [...new Set(this.users.rows.filter((u) => u.email === wanted).map((u) => u.vendorId))].sort();
  }
}

/** Sites see the vendor's browser clients through the identity store. */
export class BrowserClientsOfSites implements SiteBrowserClients {
  constructor(private readonly clients: Pick<BrowserClientRepository, 'findById' | 'addAllowedOrigin'>) {}
  async belongsTo(vendorId: string, clientId: string): Promise<boolean> {
    return (await this.clients.findById(clientId))?.vendorId === vendorId;
  }
  async allowOrigin(vendorId: string, clientId: string, origin: string): Promise<void> {
    await this.clients.addAllowedOrigin(vendorId, clientId, origin);
  }
}

/** Due work a test schedules (`schedule('acme', at)`); running an instant records it and clears what was due then. */
export class ScheduledDueWork implements VendorDueWork {
  private readonly due = new Map<string, Date[]>();
  readonly ran: { vendorId: string; at: Date }[] = [];
  schedule(vendorId: string, at: Date | string): this {
    this.due.set(vendorId, [...(this.due.get(vendorId) ?? []), new Date(at)].sort((a, b) => a.getTime() - b.getTime()));
    return this;
  }
  async nextDueAt(vendorId: string, after: Date | null, until: Date): Promise<Date | null> {
    return (this.due.get(vendorId) ?? []).find((at) => (after === null || at > after) && at <= until) ?? null;
  }
  async runDueAt(vendorId: string, at: Date): Promise<void> {
    this.ran.push({ vendorId, at });
    this.due.set(
      vendorId,
      (this.due.get(vendorId) ?? []).filter((d) => d.getTime() !== at.getTime()),
    );
  }
}
