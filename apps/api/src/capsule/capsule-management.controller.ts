import { Controller, route } from '../platform/http/routes';
import {
  CapsuleConfigurationView,
  CapsuleSettingsBody,
  CreatedRotationSecretView,
  ImportRotationSecretBody,
  IssuerKeyBody,
  IssuerKeyView,
  PublisherDomainBody,
  PublisherDomainView,
  PublisherKeyBody,
  RotationSecretBody,
  RotationSecretStateView,
} from './capsule.dto';
import { CapsuleKeyManagement } from './capsule-keys.service';
import {
  CAPSULE_CONFIGURATION_EXAMPLE,
  CAPSULE_SETTINGS_EXAMPLE,
  CREATED_ROTATION_SECRET_EXAMPLE,
  ISSUER_KEY_EXAMPLE,
  ISSUER_KEY_KID,
  PUBLISHER_KEY_EXAMPLE,
  PUBLISHER_KEY_KID,
  PUBLISHER_KEY_REQUEST_EXAMPLE,
  RETIRED_ISSUER_KEY_EXAMPLE,
  ROTATION_SECRET_STATE_EXAMPLE,
  SERVICE_KEY_EXAMPLE,
  SERVICE_KEY_KID,
} from './capsule.examples';
import {
  BAD_KEY_MATERIAL,
  DOMAIN_NOT_FOUND,
  ISSUER_KEY_ACTIVE,
  ISSUER_KEY_EXISTS,
  ISSUER_KEY_NOT_FOUND,
  NOT_CONFIGURED,
  PUBLISHER_KEY_EXISTS,
  PUBLISHER_KEY_NOT_FOUND,
  SERVICE_KEY_IN_USE,
  SERVICE_KEY_NOT_FOUND,
} from './capsule.error-examples';

const TAGS = ['management: capsule'];
const READ = 'products:read';
const WRITE = 'products:write';
const scopeNote = (scope: string) => `Bearer token with the scope \`${scope}\`; acts on the token's vendor only.`;
const INVALID = BAD_KEY_MATERIAL;
/** What a repeated delete does: the key or domain is gone, so it is a 404. */
const DELETED_AGAIN = ' A repeated delete answers 404 `CAPSULE.KEY_NOT_FOUND`: the key or domain is gone.';

/** Vendor key material for capsule: publisher keys and domains, rotation secret, issuer keys, service signing keys. */
export class CapsuleManagementController implements Controller {
  constructor(private readonly keys: CapsuleKeyManagement) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/management/capsule',
        operationId: 'getCapsuleConfiguration',
        summary: "The vendor's capsule configuration, without any secret",
        description: scopeNote(READ),
        tags: TAGS,
        auth: { kind: 'bearer', scope: READ },
        examples: { responses: { 200: CAPSULE_CONFIGURATION_EXAMPLE } },
        responses: {
          200: { description: 'The configuration', schema: CapsuleConfigurationView },
          404: NOT_CONFIGURED,
        },
        handler: async ({ res, principal }) => void res.json(await this.keys.configuration(principal.vendorId)),
      }),
      route<CapsuleSettingsBody>({
        method: 'put',
        path: '/management/capsule/settings',
        operationId: 'putCapsuleSettings',
        summary: 'Set the unlock mode (hosted or issuer-wrapped), rotation interval, grace and secret overlap',
        description: `${scopeNote(WRITE)} Creates the configuration (and the first service signing key) when absent.`,
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        body: { dto: CapsuleSettingsBody },
        examples: { request: CAPSULE_SETTINGS_EXAMPLE, responses: { 200: CAPSULE_CONFIGURATION_EXAMPLE } },
        responses: { 200: { description: 'The configuration', schema: CapsuleConfigurationView }, 400: INVALID },
        handler: async ({ res, body, principal }) => void res.json(await this.keys.configure(principal.vendorId, body)),
      }),
      route<PublisherKeyBody>({
        method: 'post',
        path: '/management/capsule/publisher-keys',
        operationId: 'addCapsulePublisherKey',
        summary: 'Register a publisher ES256 public key (SPKI PEM or JWK) under its kid',
        description: scopeNote(WRITE),
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        body: { dto: PublisherKeyBody },
        examples: { request: PUBLISHER_KEY_REQUEST_EXAMPLE, responses: { 201: PUBLISHER_KEY_EXAMPLE } },
        responses: {
          201: { description: 'The registered JWK', schema: { type: 'object' } },
          400: INVALID,
          409: PUBLISHER_KEY_EXISTS,
        },
        handler: async ({ res, body, principal }) => void res.status(201).json(await this.keys.addPublisherKey(principal.vendorId, body)),
      }),
      route({
        method: 'delete',
        path: '/management/capsule/publisher-keys/{kid}',
        operationId: 'deleteCapsulePublisherKey',
        summary: 'Remove a publisher key',
        description: `${scopeNote(WRITE)} Resource tokens and share tokens signed with it are refused from then on.${DELETED_AGAIN}`,
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        examples: { params: { kid: PUBLISHER_KEY_KID } },
        responses: { 204: { description: 'Removed' }, 404: PUBLISHER_KEY_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          await this.keys.removePublisherKey(principal.vendorId, params.kid);
          res.status(204).end();
        },
      }),
      route<PublisherDomainBody>({
        method: 'post',
        path: '/management/capsule/domains',
        operationId: 'addCapsuleDomain',
        summary: "Add a publisher domain (a resourceJWT's iss, a share token's domain)",
        description: scopeNote(WRITE),
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        body: { dto: PublisherDomainBody },
        examples: { request: { domain: 'daily.example.com' }, responses: { 201: { domain: 'daily.example.com' } } },
        responses: { 201: { description: 'Added (also when already present)', schema: PublisherDomainView }, 400: INVALID },
        handler: async ({ res, body, principal }) => void res.status(201).json(await this.keys.addDomain(principal.vendorId, body.domain)),
      }),
      route({
        method: 'delete',
        path: '/management/capsule/domains/{domain}',
        operationId: 'deleteCapsuleDomain',
        summary: 'Remove a publisher domain',
        description: `${scopeNote(WRITE)} Resource tokens issued by it and share tokens for it are refused from then on.${DELETED_AGAIN}`,
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        examples: { params: { domain: 'daily.example.com' } },
        responses: { 204: { description: 'Removed' }, 404: DOMAIN_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          await this.keys.removeDomain(principal.vendorId, params.domain);
          res.status(204).end();
        },
      }),
      route<RotationSecretBody>({
        method: 'post',
        path: '/management/capsule/rotation-secret',
        operationId: 'rotateCapsuleRotationSecret',
        summary: 'Generate a new rotation secret (32 random bytes); shown only in this answer',
        description:
          `${scopeNote(WRITE)} The secret it replaces is still honoured for \`overlapSeconds\` ` +
          "(default: the vendor's `secretOverlapSeconds`): during the overlap unlock answers each kid with the key " +
          'of the new secret first and the key of the previous one second.',
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        body: { dto: RotationSecretBody },
        examples: { request: { overlapSeconds: 86_400 }, responses: { 201: CREATED_ROTATION_SECRET_EXAMPLE } },
        responses: { 201: { description: 'The new secret, base64url', schema: CreatedRotationSecretView }, 400: INVALID },
        handler: async ({ res, body, principal }) => {
          const created = await this.keys.createRotationSecret(principal.vendorId, body);
          res.status(201).set('Cache-Control', 'no-store').json(created);
        },
      }),
      route<ImportRotationSecretBody>({
        method: 'post',
        path: '/management/capsule/rotation-secret/import',
        operationId: 'importCapsuleRotationSecret',
        summary: 'Install a rotation secret the publisher already has (32 bytes, base64 or base64url)',
        description: `${scopeNote(WRITE)} Same overlap rules as generating one; the secret is not echoed.`,
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        body: { dto: ImportRotationSecretBody },
        examples: {
          request: { rotationSecret: CREATED_ROTATION_SECRET_EXAMPLE.rotationSecret, overlapSeconds: 86_400 },
          responses: { 200: ROTATION_SECRET_STATE_EXAMPLE },
        },
        responses: { 200: { description: 'Installed', schema: RotationSecretStateView }, 400: INVALID },
        handler: async ({ res, body, principal }) => {
          const { rotationSecret, ...options } = body;
          res.json(await this.keys.importRotationSecret(principal.vendorId, rotationSecret, options));
        },
      }),
      route<IssuerKeyBody>({
        method: 'post',
        path: '/management/capsule/issuer-keys',
        operationId: 'addCapsuleIssuerKey',
        summary: 'Add an issuer private key (ECDH-P256 or RSA-OAEP) for issuer-wrapped blobs; generated when none is given',
        description: `${scopeNote(WRITE)} The private key is sealed at rest and never shown; the answer carries the public key publishers wrap for.`,
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        body: { dto: IssuerKeyBody },
        examples: { request: { kid: ISSUER_KEY_KID, algorithm: 'ECDH-P256' }, responses: { 201: ISSUER_KEY_EXAMPLE } },
        responses: {
          201: { description: 'The public half', schema: IssuerKeyView },
          400: INVALID,
          409: ISSUER_KEY_EXISTS,
        },
        handler: async ({ res, body, principal }) => void res.status(201).json(await this.keys.addIssuerKey(principal.vendorId, body)),
      }),
      route({
        method: 'post',
        path: '/management/capsule/issuer-keys/{kid}/retire',
        operationId: 'retireCapsuleIssuerKey',
        summary: 'Retire an issuer key: the JWKS marks it retired, publishers stop wrapping for it, pages naming it still unlock',
        description:
          `${scopeNote(WRITE)} Rotation: add the new key, wait at least the JWKS max-age (one hour), retire the old one; ` +
          'delete it only once no page rendered for it needs unlocking.',
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        examples: { params: { kid: ISSUER_KEY_KID }, responses: { 200: RETIRED_ISSUER_KEY_EXAMPLE } },
        responses: { 200: { description: 'The key, retired', schema: IssuerKeyView }, 404: ISSUER_KEY_NOT_FOUND },
        handler: async ({ res, params, principal }) => void res.json(await this.keys.retireIssuerKey(principal.vendorId, params.kid)),
      }),
      route({
        method: 'delete',
        path: '/management/capsule/issuer-keys/{kid}',
        operationId: 'deleteCapsuleIssuerKey',
        summary: 'Remove a retired issuer key (its private key is gone: pages wrapped for it no longer unlock directly)',
        description: `${scopeNote(WRITE)}${DELETED_AGAIN}`,
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        examples: { params: { kid: ISSUER_KEY_KID } },
        responses: { 204: { description: 'Removed' }, 404: ISSUER_KEY_NOT_FOUND, 409: ISSUER_KEY_ACTIVE },
        handler: async ({ res, params, principal }) => {
          await this.keys.removeIssuerKey(principal.vendorId, params.kid);
          res.status(204).end();
        },
      }),
      route({
        method: 'post',
        path: '/management/capsule/service-keys/rotate',
        operationId: 'rotateCapsuleServiceKey',
        summary: 'A new service signing key for signed links; older keys stay published until deleted',
        description: scopeNote(WRITE),
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        examples: { responses: { 201: SERVICE_KEY_EXAMPLE } },
        responses: { 201: { description: 'The new public JWK', schema: { type: 'object' } } },
        handler: async ({ res, principal }) => void res.status(201).json(await this.keys.rotateServiceKey(principal.vendorId)),
      }),
      route({
        method: 'delete',
        path: '/management/capsule/service-keys/{kid}',
        operationId: 'deleteCapsuleServiceKey',
        summary: 'Unpublish a retired service signing key (its signed links stop verifying)',
        description: `${scopeNote(WRITE)}${DELETED_AGAIN}`,
        tags: TAGS,
        auth: { kind: 'bearer', scope: WRITE },
        examples: { params: { kid: SERVICE_KEY_KID } },
        responses: { 204: { description: 'Removed' }, 404: SERVICE_KEY_NOT_FOUND, 409: SERVICE_KEY_IN_USE },
        handler: async ({ res, params, principal }) => {
          await this.keys.removeServiceKey(principal.vendorId, params.kid);
          res.status(204).end();
        },
      }),
    ];
  }
}
