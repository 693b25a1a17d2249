import {
  ClaimLicense,
  CreateLicensePool,
  GetLicensePool,
  GetReaderLicense,
  ListLicensePools,
  LoadLicenseKeys,
} from '@kiosk/domain/engagement';
import { Controller, route } from '../platform/http/routes';
import {
  ClaimLicenseBody,
  CreateLicensePoolBody,
  LICENSE_KEY_SCHEMA,
  LICENSE_POOL_SCHEMA,
  LicensesQuery,
  LOAD_RESULT_SCHEMA,
  LoadLicenseKeysBody,
} from './licenses.dto';
import {
  CREATE_LICENSE_POOL_EXAMPLE,
  LICENSE_KEY_EXAMPLE,
  LICENSE_POOL_EXAMPLE,
  LICENSE_POOL_ID,
  LOAD_LICENSE_KEYS_EXAMPLE,
  LOAD_LICENSE_KEYS_RESULT_EXAMPLE,
} from './engagement.examples';
import { licenseKeyView, licensePoolView } from './licenses.views';
import { BAD_POOL_ID, BODY_TOO_LARGE, INVALID_BODY, LACKS_SCOPE, LICENSE_KEY_TWICE, LICENSE_NOT_ENTITLED, LICENSE_PRODUCT_NOT_FOUND, NO_CREDENTIALS, POOL_EXHAUSTED, POOL_EXISTS, POOL_NOT_FOUND } from './engagement.error-examples';

export class LicensesController implements Controller {
  constructor(
    private readonly getLicense: GetReaderLicense,
    private readonly claim: ClaimLicense,
  ) {}

  routes() {
    const tags = ['licenses'];
    return [
      route<unknown, LicensesQuery>({
        method: 'get',
        path: '/licenses',
        operationId: 'getLicenses',
        summary: "The reader's most recently claimed key of the pool",
        description:
          'One key at most, `expired` ones included; an empty array when the reader claimed nothing there (or the pool ' +
          'does not exist). Never assigns a key.',
        tags,
        auth: { kind: 'user' },
        query: LicensesQuery,
        examples: { query: { poolId: LICENSE_POOL_ID }, responses: { 200: [LICENSE_KEY_EXAMPLE] } },
        responses: {
          200: { description: 'License key[]', schema: { type: 'array', items: LICENSE_KEY_SCHEMA } },
          400: BAD_POOL_ID('poolId missing, or not 1 to 128 letters, digits, underscores or hyphens'),
          401: NO_CREDENTIALS,
        },
        handler: async ({ res, query, principal }) => {
          const keys = await this.getLicense.execute({
            vendorId: principal.vendorId,
            userId: (principal as { userId: string }).userId,
            poolId: query.poolId,
          });
          res.json(keys.map(licenseKeyView));
        },
      }),
      route<ClaimLicenseBody>({
        method: 'post',
        path: '/licenses/claim',
        operationId: 'claimLicense',
        summary: 'Claim a key of the pool',
        description:
          "Needs an active entitlement for the pool's sku. Idempotent: a reader holding an unexpired key gets that key " +
          'again; after it expired a claim assigns a new key.',
        tags,
        auth: { kind: 'user' },
        body: { dto: ClaimLicenseBody },
        examples: { request: { poolId: LICENSE_POOL_ID }, responses: { 200: LICENSE_KEY_EXAMPLE } },
        responses: {
          200: { description: 'The License key', schema: LICENSE_KEY_SCHEMA },
          400: BAD_POOL_ID('Bad poolId'),
          401: NO_CREDENTIALS,
          403: LICENSE_NOT_ENTITLED,
          404: POOL_NOT_FOUND('No such pool (LICENSE.POOL_NOT_FOUND)'),
          409: POOL_EXHAUSTED,
        },
        handler: async ({ res, body, principal }) => {
          const key = await this.claim.execute({
            vendorId: principal.vendorId,
            userId: (principal as { userId: string }).userId,
            poolId: body.poolId,
          });
          res.json(licenseKeyView(key));
        },
      }),
    ];
  }
}

export class LicensePoolsController implements Controller {
  constructor(
    private readonly create: CreateLicensePool,
    private readonly load: LoadLicenseKeys,
    private readonly get: GetLicensePool,
    private readonly list: ListLicensePools,
  ) {}

  routes() {
    const tags = ['management: license pools'];
    return [
      route<CreateLicensePoolBody>({
        method: 'post',
        path: '/management/license-pools',
        operationId: 'createLicensePool',
        summary: 'Create a license pool for a sku',
        description:
          'A pool holds license keys of a third-party product (an app, a service) that readers entitled to `sku` claim ' +
          'one each. `validitySeconds` is how long a claimed key lasts; leave it out when only the keys\' own ' +
          '`expiresAt` applies. The pool starts empty: load keys with `POST .../keys`.',
        tags,
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: CreateLicensePoolBody },
        examples: {
          request: CREATE_LICENSE_POOL_EXAMPLE,
          responses: { 201: { ...LICENSE_POOL_EXAMPLE, stock: { total: 0, available: 0, claimed: 0, active: 0, unusable: 0 } } },
        },
        responses: {
          201: { description: 'Created', schema: LICENSE_POOL_SCHEMA },
          400: INVALID_BODY('Invalid body', 'validitySeconds', 'validitySeconds must be a positive number'),
          403: LACKS_SCOPE('products:write'),
          404: LICENSE_PRODUCT_NOT_FOUND,
          409: POOL_EXISTS,
        },
        handler: async ({ res, body, principal }) => {
          const pool = await this.create.execute({
            vendorId: principal.vendorId,
            poolId: body.id,
            sku: body.sku,
            validitySeconds: body.validitySeconds ?? null,
          });
          res.status(201).json(licensePoolView(pool));
        },
      }),
      route({
        method: 'get',
        path: '/management/license-pools',
        operationId: 'listLicensePools',
        summary: "The vendor's license pools with their stock",
        description: 'Every pool with its stock: keys in total, still available to claim, claimed, claimed and live, and unusable.',
        tags,
        auth: { kind: 'bearer', scope: 'products:read' },
        examples: { responses: { 200: [LICENSE_POOL_EXAMPLE] } },
        responses: {
          200: { description: 'Pools, oldest first', schema: { type: 'array', items: LICENSE_POOL_SCHEMA } },
          403: LACKS_SCOPE('products:read'),
        },
        handler: async ({ res, principal }) => {
          res.json((await this.list.execute(principal.vendorId)).map(licensePoolView));
        },
      }),
      route({
        method: 'get',
        path: '/management/license-pools/{poolId}',
        operationId: 'getLicensePool',
        summary: 'One license pool with its stock',
        description: "The same shape as in the list; watch `stock.available` to load keys before the pool runs dry (claims then answer 409 `LICENSE.POOL_EXHAUSTED`).",
        tags,
        auth: { kind: 'bearer', scope: 'products:read' },
        examples: { params: { poolId: LICENSE_POOL_ID }, responses: { 200: LICENSE_POOL_EXAMPLE } },
        responses: {
          200: { description: 'The pool', schema: LICENSE_POOL_SCHEMA },
          400: BAD_POOL_ID('Bad poolId'),
          404: POOL_NOT_FOUND('No such pool for the vendor'),
        },
        handler: async ({ res, params, principal }) => {
          res.json(licensePoolView(await this.get.execute({ vendorId: principal.vendorId, poolId: params.poolId })));
        },
      }),
      route<LoadLicenseKeysBody>({
        method: 'post',
        path: '/management/license-pools/{poolId}/keys',
        operationId: 'loadLicenseKeys',
        summary: 'Load keys into a pool (1 to 1000 per call)',
        description:
          'Each key may carry its own `expiresAt`; a claimed key ends at the earlier of that and the claim plus the ' +
          "pool's `validitySeconds`. Keys the pool has already are skipped, so a load can be retried.",
        tags,
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: LoadLicenseKeysBody },
        examples: { params: { poolId: LICENSE_POOL_ID }, request: LOAD_LICENSE_KEYS_EXAMPLE, responses: { 200: LOAD_LICENSE_KEYS_RESULT_EXAMPLE } },
        responses: {
          200: { description: 'Loaded and skipped counts, and the stock after', schema: LOAD_RESULT_SCHEMA },
          400: LICENSE_KEY_TWICE,
          404: POOL_NOT_FOUND('No such pool for the vendor'),
          413: BODY_TOO_LARGE('Body over 256 KiB'),
        },
        handler: async ({ res, params, body, principal }) => {
          const result = await this.load.execute({
            vendorId: principal.vendorId,
            poolId: params.poolId,
            keys: body.keys.map((k) => ({ key: k.key, expiresAt: k.expiresAt ? new Date(k.expiresAt) : null })),
          });
          res.json(result);
        },
      }),
    ];
  }
}
