import {
  AccessTokenIssuer,
  AccessTokenRequest,
  ApiKey,
  ApiKeyRepository,
  BrowserClient,
  BrowserClientRepository,
  CredentialGenerator,
  SecretHasher,
  StaffMembership,
  StaffMembershipRepository,
  StaffRole,
  TeamMember,
  User,
  UserRepository,
} from '../identity';

export class InMemoryApiKeyRepository implements ApiKeyRepository {
  readonly rows: ApiKey[] = [];
  async add(key: ApiKey): Promise<void> {
    this.rows.push(key);
  }
  async find(vendorId: string, clientId: string): Promise<ApiKey | null> {
    return this.rows.find((k) => k.vendorId === vendorId && k.clientId === clientId) ?? null;
  }
  async list(vendorId: string): Promise<ApiKey[]> {
    return this.rows
      .filter((k) => k.vendorId === vendorId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.clientId.localeCompare(a.clientId));
  }
  async revoke(vendorId: string, clientId: string, at: Date): Promise<boolean> {
    const index = this.rows.findIndex((k) => k.vendorId === vendorId && k.clientId === clientId);
    if (index < 0) return false;
    this.rows[index] = { ...this.rows[index], revokedAt: at };
    return true;
  }
}

export class InMemoryUserRepository implements UserRepository {
  readonly rows: User[] = [];
  async addOrGet(user: User): Promise<User> {
    const existing = this.rows.find((u) => u.vendorId === user.vendorId && u.email === user.email);
    if (existing) return existing;
    this.rows.push(user);
    return user;
  }
  async find(vendorId: string, userId: string): Promise<User | null> {
    return this.rows.find((u) => u.vendorId === vendorId && u.id === userId) ?? null;
  }
  async findByEmail(vendorId: string, email: string): Promise<User | null> {
    return this.rows.find((u) => u.vendorId === vendorId && u.email === email) ?? null;
  }
  async rename(vendorId: string, userId: string, firstName: string | null, lastName: string | null): Promise<void> {
    const index = this.rows.findIndex((u) => u.vendorId === vendorId && u.id === userId);
    if (index >= 0) this.rows[index] = { ...this.rows[index], firstName, lastName };
  }
}

/** Reversible on purpose so tests can read what was "hashed"; never for production. */
export class PlainTextHasher implements SecretHasher {
  hash(secret: string): string {
    return `plain:${secret}`;
  }
  matches(secret: string, hash: string): boolean {
    return hash === `plain:${secret}`;
  }
}

export class SequentialCredentials implements CredentialGenerator {
  private counter = 0;
  apiKeyClientId(): string {
    this.counter += 1;
    return `apikey_test${this.counter}`;
  }
  apiKeySecret(): string {
    return `secret-${this.counter}`;
  }
  browserClientId(): string {
    this.counter += 1;
    return `client${this.counter}`;
  }
}

export class InMemoryBrowserClientRepository implements BrowserClientRepository {
  readonly rows: BrowserClient[] = [];
  async add(client: BrowserClient): Promise<boolean> {
    if (this.rows.some((c) => c.clientId === client.clientId)) return false;
    this.rows.push(client);
    return true;
  }
  async findById(clientId: string): Promise<BrowserClient | null> {
    return this.rows.find((c) => c.clientId === clientId) ?? null;
  }
  async list(vendorId: string): Promise<BrowserClient[]> {
    return this.rows.filter((c) => c.vendorId === vendorId);
  }
  async anyAllowsOrigin(origin: string): Promise<boolean> {
    return this.rows.some((c) => c.allowedOrigins.includes(origin));
  }
  async addAllowedOrigin(vendorId: string, clientId: string, origin: string): Promise<boolean> {
    const i = this.rows.findIndex((c) => c.vendorId === vendorId && c.clientId === clientId);
    if (i < 0) return false;
    const client = this.rows[i];
    if (!client.allowedOrigins.includes(origin)) this.rows[i] = { ...client, allowedOrigins: [...client.allowedOrigins, origin] };
    return true;
  }
}

/** Records what it was asked to sign and answers a readable stand-in token. */
export class RecordingTokenIssuer implements AccessTokenIssuer {
  readonly issued: AccessTokenRequest[] = [];
  async issue(request: AccessTokenRequest): Promise<string> {
    this.issued.push(request);
    return `token-${this.issued.length}`;
  }
}

export class InMemoryStaffMemberships implements StaffMembershipRepository {
  readonly rows: StaffMembership[] = [];
  constructor(private readonly users: InMemoryUserRepository) {}
  async forUser(userVendorId: string, userId: string): Promise<StaffMembership[]> {
    return this.rows.filter((m) => m.userVendorId === userVendorId && m.userId === userId);
  }
  async find(vendorId: string, userId: string): Promise<StaffMembership | null> {
    return this.rows.find((m) => m.vendorId === vendorId && m.userId === userId) ?? null;
  }
  async list(vendorId: string): Promise<TeamMember[]> {
    return this.rows
      .filter((m) => m.vendorId === vendorId)
      .map((m) => {
        const user = this.users.rows.find((u) => u.vendorId === m.userVendorId && u.id === m.userId);
        return { ...m, email: user?.email ?? '', firstName: user?.firstName ?? null, lastName: user?.lastName ?? null };
      });
  }
  async put(membership: StaffMembership): Promise<StaffMembership> {
    const existing = await this.find(membership.vendorId, membership.userId);
    if (existing) return existing;
    this.rows.push(membership);
    return membership;
  }
  async change(vendorId: string, userId: string, role: StaffRole | null): Promise<'done' | 'not_found' | 'last_owner'> {
    const index = this.rows.findIndex((m) => m.vendorId === vendorId && m.userId === userId);
    if (index < 0) return 'not_found';
    const owners = this.rows.filter((m) => m.vendorId === vendorId && m.role === 'owner').length;
    if (this.rows[index].role === 'owner' && role !== 'owner' && owners <= 1) return 'last_owner';
    if (role === null) this.rows.splice(index, 1);
    else this.rows[index] = { ...this.rows[index], role };
    return 'done';
  }
}
