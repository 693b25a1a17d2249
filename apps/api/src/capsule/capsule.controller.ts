import { GetCapsuleJwks, VerifyServiceToken } from '@kiosk/domain/capsule';
import { AccessTokenVerifier } from '../identity/jwt-access-tokens';
import { authenticate } from '../platform/http/authenticate';
import { HttpProblem } from '../platform/http/problem';
import { Controller, route } from '../platform/http/routes';
import { CapsuleJwksView, UnlockBody, UnlockView, VerifyBody, VerifyView } from './capsule.dto';
import { UnlockForCaller } from './unlock-for-caller';

const TAGS = ['capsule'];
const UNKNOWN_VENDOR = { description: 'No such vendor, or the vendor has no capsule configuration (problem+json)' };

/** The public capsule routes of interface 4.4, exactly. */
export class CapsuleController implements Controller {
  constructor(
    private readonly jwks: GetCapsuleJwks,
    private readonly unlock: UnlockForCaller,
    private readonly verify: VerifyServiceToken,
    private readonly verifier: AccessTokenVerifier,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/capsule/vendors/{vendorId}/.well-known/jwks.json',
        operationId: 'getCapsuleJwks',
        summary: "Public halves of the vendor's service signing keys, for verifying signed links",
        tags: TAGS,
        auth: { kind: 'none' },
        responses: { 200: { description: 'The key set', schema: CapsuleJwksView }, 404: UNKNOWN_VENDOR },
        handler: async ({ res, params }) => {
          const set = await this.jwks.execute({ vendorId: params.vendorId });
          res.set('Cache-Control', 'public, max-age=300').json(set);
        },
      }),
      route<UnlockBody>({
        method: 'post',
        path: '/capsule/vendors/{vendorId}/unlock',
        operationId: 'unlockCapsule',
        summary: 'Derived wrapKeys for the granted entries of a signed resource',
        description:
          'No authentication is required; an optional bearer access token of a reader of this vendor is honoured ' +
          '(the scopes its live entitlements grant through the product-scope mapping). A `shareToken` may be a publisher share ' +
          'token or a signed link of this vendor. Entries whose scope is not granted are left out; when none is ' +
          'granted the answer is 403 with the reason. Each successful unlock with a limited token spends one use.',
        tags: TAGS,
        auth: { kind: 'none' },
        body: { dto: UnlockBody },
        responses: {
          200: { description: 'The keys', schema: UnlockView },
          400: { description: 'Malformed body' },
          401: { description: 'A bearer token was sent but is not a valid reader token of this vendor' },
          403: { description: 'Nothing granted, or the resourceJWT / share token was refused (the code says why)' },
          404: UNKNOWN_VENDOR,
          409: { description: 'The vendor has no key material for its configured mode' },
        },
        handler: async ({ req, res, params, body }) => {
          let readerId: string | undefined;
          if (req.headers.authorization !== undefined) {
            const principal = await authenticate(req, { kind: 'bearer' }, this.verifier);
            if (principal?.kind !== 'user' || principal.vendorId !== params.vendorId) {
              throw new HttpProblem(401, 'AUTH.INVALID_TOKEN', 'the access token is not a reader token of this vendor', {}, {
                'WWW-Authenticate': 'Bearer realm="kiosk", error="invalid_token"',
              });
            }
            readerId = principal.userId;
          }
          const answer = await this.unlock.execute({
            vendorId: params.vendorId,
            resourceJWT: body.resourceJWT,
            keys: body.keys,
            shareToken: body.shareToken,
            readerId,
          });
          res.set('Cache-Control', 'no-store').json(answer);
        },
      }),
      route<VerifyBody>({
        method: 'post',
        path: '/capsule/vendors/{vendorId}/verify',
        operationId: 'verifyCapsuleToken',
        summary: 'Checks a signed link token; consumes no use',
        description: 'No authentication: the token is the credential. An invalid token is a 200 with `valid: false`.',
        tags: TAGS,
        auth: { kind: 'none' },
        body: { dto: VerifyBody },
        responses: {
          200: { description: 'The outcome; `payload` only when the signature is valid and the token unexpired', schema: VerifyView },
          400: { description: 'Malformed body' },
          404: UNKNOWN_VENDOR,
        },
        handler: async ({ res, params, body }) => {
          const outcome = await this.verify.execute({ vendorId: params.vendorId, token: body.token });
          res.set('Cache-Control', 'no-store').json(outcome);
        },
      }),
    ];
  }
}
