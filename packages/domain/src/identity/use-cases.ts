import { Clock, ForbiddenError, IdGenerator, NotFoundError } from '../shared';
import { VendorNotFound, VendorRepository } from '../catalog';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_LIFETIME_SECONDS,
  AccessTokenIssuer,
  Principal,
} from './access-token';
import { ApiKey, createApiKey, isActive, scopesOf } from './api-key';
import { invalidClient, OAuthError } from './oauth-errors';
import { ApiKeyRepository, CredentialGenerator, SecretHasher, UserRepository } from './ports';
import { StaffMembershipRepository, StaffRole } from './staff';
import { LastOwner } from './team';
import { ApiKeyRole, narrowScopes, parseScopeParameter } from './scopes';
import { createUser, User } from './user';

/** Who asks: a signed-in staff user of the vendor, or the operator at the command line. */
export type Actor = { kind: 'operator' } | { kind: 'principal'; principal: Principal };

export class NotStaff extends ForbiddenError {
  constructor() {
    super('IDENTITY.STAFF_ONLY', 'only a signed-in owner or admin of the vendor may manage API keys');
  }
}

/**
 * API keys are managed by people, never by other API keys (interface 5.1
 * rule 3), and only by an owner or admin of the vendor the token acts for.
 */
export class AuthorizeKeyManagement {
  constructor(private readonly memberships: Pick<StaffMembershipRepository, 'find'>) {}

  async execute(actor: Actor, vendorId: string): Promise<void> {
    if (actor.kind === 'operator') return;
    const { principal } = actor;
    if (principal.kind !== 'user' || principal.vendorId !== vendorId) throw new NotStaff();
    const membership = await this.memberships.find(vendorId, principal.userId);
    const userVendorId = principal.staff?.userVendorId ?? principal.vendorId;
    if (!membership || membership.userVendorId !== userVendorId || !['owner', 'admin'].includes(membership.role)) {
      throw new NotStaff();
    }
  }
}

export interface CreatedApiKey {
  key: ApiKey;
  clientSecret: string;
}

export class CreateApiKey {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly vendors: VendorRepository,
    private readonly authorize: AuthorizeKeyManagement,
    private readonly credentials: CredentialGenerator,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async execute(command: {
    actor: Actor;
    vendorId: string;
    name: string;
    role?: ApiKeyRole;
    grants?: string[];
  }): Promise<CreatedApiKey> {
    await this.authorize.execute(command.actor, command.vendorId);
    if (command.grants?.length && command.actor.kind !== 'operator') {
      // Per-key grants are given on request, by the operator, not self-served.
      throw new ForbiddenError('API_KEY.GRANT_OPERATOR_ONLY', 'per-key grants are enabled by the operator');
    }
    if (!(await this.vendors.find(command.vendorId))) throw new VendorNotFound(command.vendorId);
    const clientSecret = this.credentials.apiKeySecret();
    const key = createApiKey(
      {
        clientId: this.credentials.apiKeyClientId(),
        vendorId: command.vendorId,
        name: command.name,
        role: command.role ?? 'read',
        grants: command.grants ?? [],
        secretHash: this.hasher.hash(clientSecret),
      },
      this.clock.now(),
    );
    await this.keys.add(key);
    return { key, clientSecret };
  }
}

export class ListApiKeys {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly authorize: AuthorizeKeyManagement,
  ) {}

  async execute(command: { actor: Actor; vendorId: string }): Promise<ApiKey[]> {
    await this.authorize.execute(command.actor, command.vendorId);
    return (await this.keys.list(command.vendorId)).filter(isActive);
  }
}

export class ApiKeyNotFound extends NotFoundError {
  constructor(clientId: string) {
    super('API_KEY.NOT_FOUND', `no API key ${clientId}`, { clientId });
  }
}

export class RevokeApiKey {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly authorize: AuthorizeKeyManagement,
    private readonly clock: Clock,
  ) {}

  async execute(command: { actor: Actor; vendorId: string; clientId: string }): Promise<void> {
    await this.authorize.execute(command.actor, command.vendorId);
    const key = await this.keys.find(command.vendorId, command.clientId);
    // A key revoked earlier is gone as far as the vendor can tell.
    if (!key || !isActive(key)) throw new ApiKeyNotFound(command.clientId);
    // The store decides: of two revocations at once, the second finds it revoked.
    if (!(await this.keys.revoke(command.vendorId, key.clientId, this.clock.now()))) throw new ApiKeyNotFound(command.clientId);
  }
}

export interface ClientCredentialsRequest {
  /** The vendor whose tenant address received the request; null at the shared address. */
  tenantVendorId: string | null;
  clientId: string;
  clientSecret: string;
  audience?: string;
  scope?: string;
}

export interface IssuedToken {
  accessToken: string;
  expiresIn: number;
  scopes: string[];
}

/** OAuth 2.0 client credentials for API keys (interface 4.2 and 5.1). */
export class ExchangeClientCredentials {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly hasher: SecretHasher,
    private readonly tokens: AccessTokenIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(request: ClientCredentialsRequest): Promise<IssuedToken> {
    // Keys authenticate only at their own tenant address.
    if (request.tenantVendorId === null) throw invalidClient();
    const key = await this.keys.find(request.tenantVendorId, request.clientId);
    if (!key || !isActive(key) || !this.hasher.matches(request.clientSecret, key.secretHash)) {
      throw invalidClient();
    }
    if (request.audience !== undefined && request.audience !== ACCESS_TOKEN_AUDIENCE) {
      throw new OAuthError('invalid_target', `audience must be ${ACCESS_TOKEN_AUDIENCE}`);
    }
    const scopes = narrowScopes(parseScopeParameter(request.scope), scopesOf(key));
    if (!scopes) throw new OAuthError('access_denied', 'a requested scope is outside what this key may hold');
    const accessToken = await this.tokens.issue({
      principal: { kind: 'api_key', vendorId: key.vendorId, clientId: key.clientId, scopes },
      issuedAt: this.clock.now(),
      lifetimeSeconds: ACCESS_TOKEN_LIFETIME_SECONDS,
    });
    return { accessToken, expiresIn: ACCESS_TOKEN_LIFETIME_SECONDS, scopes };
  }
}

/**
 * Creates (or promotes) a staff member of a vendor with an account of that
 * vendor: the operator's way to make a vendor's first owner (`kiosk
 * staff:create`); owners then invite the rest of the team.
 */
export class CreateStaffUser {
  constructor(
    private readonly users: UserRepository,
    private readonly memberships: StaffMembershipRepository,
    private readonly vendors: VendorRepository,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: {
    vendorId: string;
    email: string;
    firstName?: string;
    lastName?: string;
    role?: StaffRole;
  }): Promise<User & { role: StaffRole }> {
    if (!(await this.vendors.find(command.vendorId))) throw new VendorNotFound(command.vendorId);
    const { role = 'owner', ...person } = command;
    const user = await this.users.addOrGet(createUser({ ...person, id: this.ids.next() }, this.clock.now()));
    const stored = await this.memberships.put({
      vendorId: command.vendorId,
      userVendorId: user.vendorId,
      userId: user.id,
      role,
      createdAt: this.clock.now(),
    });
    if (stored.role !== role && (await this.memberships.change(command.vendorId, user.id, role)) === 'last_owner') {
      throw new LastOwner(user.id);
    }
    return { ...user, role };
  }
}

/**
 * A user access token minted by the service's own signer, for the operator
 * until readers and staff sign in through the OpenID provider.
 */
export class IssueUserToken {
  constructor(
    private readonly users: UserRepository,
    private readonly tokens: AccessTokenIssuer,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; userId: string; lifetimeSeconds?: number }): Promise<IssuedToken> {
    const user = await this.users.find(command.vendorId, command.userId);
    if (!user) throw new NotFoundError('USER.NOT_FOUND', `no user ${command.userId}`, { userId: command.userId });
    const lifetimeSeconds = command.lifetimeSeconds ?? ACCESS_TOKEN_LIFETIME_SECONDS;
    const scopes = ['openid', 'profile', 'email'];
    const accessToken = await this.tokens.issue({
      principal: { kind: 'user', vendorId: user.vendorId, userId: user.id, scopes },
      issuedAt: this.clock.now(),
      lifetimeSeconds,
    });
    return { accessToken, expiresIn: lifetimeSeconds, scopes };
  }
}
