import {
  ApiKeyRepository,
  AuthenticateVisitor,
  AuthorizeKeyManagement,
  BrowserClientRepository,
  CreateApiKey,
  CreateStaffUser,
  CredentialGenerator,
  ExchangeClientCredentials,
  IssueUserToken,
  ListApiKeys,
  ListBrowserClients,
  RegisterBrowserClient,
  RevokeApiKey,
  SecretHasher,
  StaffMembershipRepository,
  UserRepository,
} from '@kiosk/domain/identity';
import { AccessTokenIssuer } from '@kiosk/domain/identity';
import { Mailer } from '@kiosk/domain/billing';
import { MailAudience } from '@kiosk/domain/mail';
import { ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { SealedBox } from '../platform/crypto/sealed-box';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { TypeOrmAccountsByEmail } from './accounts-by-email';
import { ApiKeysController } from './api-keys.controller';
import { HmacSecretHasher, RandomCredentialGenerator } from './credentials';
import { AccessTokenVerifier, ExternalReaderTokens, JwtAccessTokenIssuer } from './jwt-access-tokens';
import { IdentityEraser } from './identity.eraser';
import { SigningKeyStore } from './signing-keys';
import { UserLiveness } from './user-liveness';
import { SqlStaffMemberships } from './staff-memberships';
import { TenantAddresses } from './tenant-addresses';
import { TokenController } from './token.controller';
import { RateLimits } from '../platform/rate-limits/rate-limits';
import { BrowserClientsController } from './browser-clients.controller';
import { CachedApiKeyRepository } from './cached-api-keys';
import { CachedBrowserClientRepository } from './cached-browser-clients';
import { ConfigCache } from '../platform/cache/config-cache';
import {
  TypeOrmApiKeyRepository,
  TypeOrmBrowserClientRepository,
  TypeOrmUserRepository,
} from './typeorm-identity.repositories';

/** When readers' profiles last changed (the management user list's `updatedAt`): engagement holds the profiles. */
export interface ProfileChangeTimes {
  updatedAt(vendorId: string, userIds: readonly string[]): Promise<Map<string, Date>>;
}

export const IDENTITY = {
  ApiKeys: Symbol.for('ApiKeyRepository') as ServiceIdentifier<ApiKeyRepository>,
  Users: Symbol.for('UserRepository') as ServiceIdentifier<UserRepository>,
  BrowserClients: Symbol.for('BrowserClientRepository') as ServiceIdentifier<BrowserClientRepository>,
  Hasher: Symbol.for('SecretHasher') as ServiceIdentifier<SecretHasher>,
  Credentials: Symbol.for('CredentialGenerator') as ServiceIdentifier<CredentialGenerator>,
  TokenIssuer: Symbol.for('AccessTokenIssuer') as ServiceIdentifier<AccessTokenIssuer>,
  /** Staff of every vendor and their roles (docs/team-and-staff.md). */
  StaffMemberships: Symbol.for('StaffMembershipRepository') as ServiceIdentifier<StaffMembershipRepository>,
  /** Port, bound by engagement (above identity, over its profiles): when readers' profiles last changed. */
  ProfileTimes: Symbol.for('identity.ProfileChangeTimes') as ServiceIdentifier<ProfileChangeTimes>,
  /** Port, bound by mail (above identity): the mailer the account, sign-in code and invitation mails are queued with. */
  Mailer: Symbol.for('identity.Mailer') as ServiceIdentifier<Mailer>,
  /** Port, bound by mail: the brand and languages those mails wear. */
  MailAudience: Symbol.for('identity.MailAudience') as ServiceIdentifier<MailAudience>,
};

export { AccessTokenVerifier } from './jwt-access-tokens';
export { BrowserCookies } from './browser/browser-session';
// The buying journey's one-time handoff codes: checkout mints them (the receipt's "Continue"), the browser route redeems them.
export { HANDOFF_PARAMETER, SqlHandoffCodes, type HandoffBinding } from './handoff-codes';
export { StaffSignInLinks } from './browser/staff-sign-in-link';
// The sign-in pages' language choice, which the hosted checkout pages share (issue 25).
export { negotiateLanguage } from './pages/page-language';

const HOUR_MS = 3_600_000;

export const identityModule = defineModule({
  name: 'identity',
  requires: ['catalog'],
  register: ({ bind, onActivation }) => {
    // Cached: every token exchange looks its key up (cached-api-keys.ts says how changes reach every process).
    bind(IDENTITY.ApiKeys)
      .toDynamicValue((c) => new CachedApiKeyRepository(new TypeOrmApiKeyRepository(c.get(TOKENS.DataSource)), c.get(ConfigCache)))
      .inSingletonScope();
    bind(IDENTITY.Users).toDynamicValue((c) => new TypeOrmUserRepository(c.get(TOKENS.DataSource))).inSingletonScope();
    bind(IDENTITY.StaffMemberships).toDynamicValue((c) => new SqlStaffMemberships(c.get(TOKENS.DataSource))).inSingletonScope();
    // The catalog's ports over the users and the browser clients (the catalog sits below identity).
    bind(CATALOG.AccountsByEmail).toDynamicValue((c) => new TypeOrmAccountsByEmail(c.get(TOKENS.DataSource)));
    // The pepper is derived from SECRETS_KEY so that one secret protects all key material.
    bind(IDENTITY.Hasher)
      .toDynamicValue((c) => new HmacSecretHasher(c.get(TOKENS.Config).secretsKey))
      .inSingletonScope();
    bind(IDENTITY.Credentials).toConstantValue(new RandomCredentialGenerator());
    bind(SigningKeyStore)
      .toDynamicValue(
        (c) =>
          new SigningKeyStore(
            c.get(TOKENS.DataSource),
            new SealedBox(c.get(TOKENS.Config).secretsKey),
            c.get(TOKENS.Clock),
            c.get(TOKENS.Config).signingKeyRotationDays,
          ),
      )
      .inSingletonScope();
    bind(IDENTITY.TokenIssuer)
      .toDynamicValue((c) => new JwtAccessTokenIssuer(c.get(SigningKeyStore), c.get(TOKENS.Config).authUrl))
      .inSingletonScope();
    // Erased readers' tokens: every verified user principal must still be a live user.
    bind(UserLiveness)
      .toDynamicValue((c) => new UserLiveness(c.get(TOKENS.DataSource), c.get(TOKENS.Clock)))
      .inSingletonScope();
    onActivation(AccessTokenVerifier, (context, verifier) => {
      verifier.addGate(context.get(UserLiveness));
      return verifier;
    });
    bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new IdentityEraser(c.get(TOKENS.DataSource), c.get(UserLiveness)));
    bind(AccessTokenVerifier)
      .toDynamicValue(
        (c) => {
          const config = c.get(TOKENS.Config);
          const external = config.oidcIssuer ? new ExternalReaderTokens(config.oidcIssuer, config.oidcVendorClaim) : null;
          return new AccessTokenVerifier(c.get(SigningKeyStore), config.authUrl, c.get(TOKENS.Clock), external);
        },
      )
      .inSingletonScope();
    bind(TenantAddresses)
      .toDynamicValue((c) => new TenantAddresses(c.get(TOKENS.Config).tenantTokenUrlTemplate, c.get(TOKENS.Config).authUrl))
      .inSingletonScope();

    bind(IDENTITY.BrowserClients)
      .toDynamicValue((c) => new CachedBrowserClientRepository(new TypeOrmBrowserClientRepository(c.get(TOKENS.DataSource)), c.get(ConfigCache)))
      .inSingletonScope();
    bind(RegisterBrowserClient).toDynamicValue(
      (c) =>
        new RegisterBrowserClient(
          c.get(IDENTITY.BrowserClients),
          c.get(CATALOG.Vendors),
          c.get(IDENTITY.Credentials),
          c.get(TOKENS.Clock),
        ),
    );
    bind(CATALOG.SiteBrowserClients).toDynamicValue((c) => {
      const clients = c.get(IDENTITY.BrowserClients);
      return {
        belongsTo: async (vendorId: string, clientId: string) => (await clients.findById(clientId))?.vendorId === vendorId,
        allowOrigin: async (vendorId: string, clientId: string, origin: string) => void (await clients.addAllowedOrigin(vendorId, clientId, origin)),
      };
    });
    bind(ListBrowserClients).toDynamicValue((c) => new ListBrowserClients(c.get(IDENTITY.BrowserClients)));
    bind(AuthenticateVisitor).toDynamicValue((c) => new AuthenticateVisitor(c.get(IDENTITY.BrowserClients)));
    bind(TOKENS.Controller).toDynamicValue(
      (c) => new BrowserClientsController(c.get(RegisterBrowserClient), c.get(ListBrowserClients)),
    );
    bind(AuthorizeKeyManagement).toDynamicValue((c) => new AuthorizeKeyManagement(c.get(IDENTITY.StaffMemberships)));
    bind(CreateApiKey).toDynamicValue(
      (c) =>
        new CreateApiKey(
          c.get(IDENTITY.ApiKeys),
          c.get(CATALOG.Vendors),
          c.get(AuthorizeKeyManagement),
          c.get(IDENTITY.Credentials),
          c.get(IDENTITY.Hasher),
          c.get(TOKENS.Clock),
        ),
    );
    bind(ListApiKeys).toDynamicValue((c) => new ListApiKeys(c.get(IDENTITY.ApiKeys), c.get(AuthorizeKeyManagement)));
    bind(RevokeApiKey).toDynamicValue(
      (c) => new RevokeApiKey(c.get(IDENTITY.ApiKeys), c.get(AuthorizeKeyManagement), c.get(TOKENS.Clock)),
    );
    bind(ExchangeClientCredentials).toDynamicValue(
      (c) =>
        new ExchangeClientCredentials(
          c.get(IDENTITY.ApiKeys),
          c.get(IDENTITY.Hasher),
          c.get(IDENTITY.TokenIssuer),
          c.get(TOKENS.Clock),
        ),
    );
    bind(CreateStaffUser).toDynamicValue(
      (c) => new CreateStaffUser(c.get(IDENTITY.Users), c.get(IDENTITY.StaffMemberships), c.get(CATALOG.Vendors), c.get(TOKENS.Ids), c.get(TOKENS.Clock)),
    );
    bind(IssueUserToken).toDynamicValue(
      (c) => new IssueUserToken(c.get(IDENTITY.Users), c.get(IDENTITY.TokenIssuer), c.get(TOKENS.Clock)),
    );

    bind(TOKENS.Controller).toDynamicValue(
      (c) => new ApiKeysController(c.get(CreateApiKey), c.get(ListApiKeys), c.get(RevokeApiKey), c.get(TenantAddresses)),
    );
    bind(TOKENS.Controller).toDynamicValue(
      (c) => new TokenController(c.get(ExchangeClientCredentials), c.get(SigningKeyStore), c.get(TenantAddresses), c.get(RateLimits)),
    );
    bind(TOKENS.PeriodicTask).toDynamicValue((c) => {
      const keys = c.get(SigningKeyStore);
      return { name: 'identity.rotate-signing-keys', intervalMs: HOUR_MS, run: async () => void (await keys.rotateIfDue()) };
    });
  },
});
