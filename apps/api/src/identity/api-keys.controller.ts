import { ACCESS_TOKEN_AUDIENCE, API_KEYS_MANAGE, ApiKey, CreateApiKey, CreatedApiKey, ListApiKeys, RevokeApiKey, scopesOf } from '@kiosk/domain/identity';
import { Controller, route } from '../platform/http/routes';
import { ApiKeyView, CreateApiKeyBody, CreatedApiKeyView } from './identity.dto';
import { API_KEY_EXAMPLE, API_KEY_ID, CREATE_API_KEY_EXAMPLE, CREATED_API_KEY_EXAMPLE } from './identity.examples';
import { TenantAddresses } from './tenant-addresses';
import { API_KEY_NOT_FOUND } from './identity.error-examples';

/** A key as listed (interface 2.1): the same fields as the create answer without the secret. */
export const keyView = (key: ApiKey, addresses: TenantAddresses): ApiKeyView => ({
  clientId: key.clientId,
  name: key.name,
  role: key.role,
  scopes: scopesOf(key),
  createdAt: key.createdAt.toISOString(),
  tokenUrl: addresses.tokenUrl(key.vendorId),
  audience: ACCESS_TOKEN_AUDIENCE,
});

/** The create answer (interface 2.1): the key, its secret once, and where and how to exchange it. */
export const createdKeyView = (created: CreatedApiKey, addresses: TenantAddresses): CreatedApiKeyView => {
  const { tokenUrl, audience, ...key } = keyView(created.key, addresses);
  return { ...key, clientSecret: created.clientSecret, tokenUrl, audience };
};

const STAFF_ONLY =
  'Needs a signed-in owner or admin of the vendor (bearer token of the OpenID provider, or the portal\'s cookie session); API key tokens may not manage API keys (docs/team-and-staff.md).';

export class ApiKeysController implements Controller {
  constructor(
    private readonly createKey: CreateApiKey,
    private readonly listKeys: ListApiKeys,
    private readonly revokeKey: RevokeApiKey,
    private readonly addresses: TenantAddresses,
  ) {}

  routes() {
    return [
      route<CreateApiKeyBody>({
        method: 'post',
        path: '/management/api-keys',
        operationId: 'createApiKey',
        summary: 'Create an API key; the secret is shown only in this answer',
        examples: { request: CREATE_API_KEY_EXAMPLE, responses: { 201: CREATED_API_KEY_EXAMPLE } },
        description: STAFF_ONLY,
        tags: ['management: api keys'],
        auth: { kind: 'bearer', scope: API_KEYS_MANAGE },
        body: { dto: CreateApiKeyBody },
        responses: { 201: { description: 'The key with its secret and token address', schema: CreatedApiKeyView } },
        handler: async ({ res, body, principal }) => {
          const created = await this.createKey.execute({
            actor: { kind: 'principal', principal },
            vendorId: principal.vendorId,
            name: body.name,
            role: body.role,
          });
          res.status(201).set('Cache-Control', 'no-store').json(createdKeyView(created, this.addresses));
        },
      }),
      route({
        method: 'get',
        path: '/management/api-keys',
        operationId: 'listApiKeys',
        summary: 'Every key of the vendor, newest first, without secrets (with its token address and audience)',
        examples: { responses: { 200: [API_KEY_EXAMPLE] } },
        description: STAFF_ONLY,
        tags: ['management: api keys'],
        auth: { kind: 'bearer', scope: API_KEYS_MANAGE },
        responses: { 200: { description: 'The keys', schema: [ApiKeyView] } },
        handler: async ({ res, principal }) => {
          const keys = await this.listKeys.execute({ actor: { kind: 'principal', principal }, vendorId: principal.vendorId });
          res.json(keys.map((key) => keyView(key, this.addresses)));
        },
      }),
      route({
        method: 'delete',
        path: '/management/api-keys/{clientId}',
        operationId: 'deleteApiKey',
        summary: 'Revoke a key: it mints no further tokens; tokens already minted live until they expire',
        examples: { params: { clientId: API_KEY_ID } },
        description: `${STAFF_ONLY} Not idempotent: a repeated delete answers 404 \`API_KEY.NOT_FOUND\`, as a revoked key is gone.`,
        tags: ['management: api keys'],
        auth: { kind: 'bearer', scope: API_KEYS_MANAGE },
        responses: { 204: { description: 'Revoked' }, 404: API_KEY_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          await this.revokeKey.execute({
            actor: { kind: 'principal', principal },
            vendorId: principal.vendorId,
            clientId: params.clientId,
          });
          res.status(204).end();
        },
      }),
    ];
  }
}
