import { GetCapsuleJwks, JWKS_MAX_AGE_SECONDS, VerifyServiceToken } from '@kiosk/domain/capsule';
import { Request } from 'express';
import { AccessTokenVerifier } from '../identity/identity.module';
import { authenticate, CookieSessions } from '../platform/http/authenticate';
import { HttpProblem } from '../platform/http/problem';
import { Controller, route } from '../platform/http/routes';
import { CapsuleJwksView, UnlockBody, UnlockView, VerifyBody, VerifyView } from './capsule.dto';
import { UnlockForCaller } from './unlock-for-caller';
import { CAPSULE_JWKS_EXAMPLE, SERVICE_TOKEN, UNLOCK_EXAMPLE, UNLOCK_REQUEST_EXAMPLE, VENDOR_ID, VERIFY_EXAMPLE } from './capsule.examples';
import { BAD_UNLOCK, MALFORMED_BODY, MODE_NOT_CONFIGURED, NOT_A_READER, NOTHING_GRANTED, UNKNOWN_CAPSULE_VENDOR } from './capsule.error-examples';

const TAGS = ['capsule'];
const UNKNOWN_VENDOR = UNKNOWN_CAPSULE_VENDOR;

/** The public capsule routes of interface 4.4, exactly. */
export class CapsuleController implements Controller {
  constructor(
    private readonly jwks: GetCapsuleJwks,
    private readonly unlock: UnlockForCaller,
    private readonly verify: VerifyServiceToken,
    private readonly verifier: AccessTokenVerifier,
    private readonly sessions?: CookieSessions,
  ) {}

  /**
   * The signed-in reader of this vendor, if any: a bearer token, or else the
   * browser's cookie session (the browser routes keep the token server-side),
   * with the same CSRF origin rule as every other cookie call. Anonymous
   * callers (share tokens, signed links) have neither.
   */
  private async reader(req: Request, vendorId: string): Promise<string | undefined> {
    // A session with another vendor is not this vendor's reader: the call is anonymous (a share token may still open),
    // rather than refused, since the browser sends the cookie to every vendor's unlock.
    const session =
      req.headers.authorization === undefined ? this.sessions?.cookies.session(req, this.sessions.clock.now()) : undefined;
    if (req.headers.authorization === undefined && session?.vendorId !== vendorId) return undefined;
    const principal = await authenticate(req, { kind: session ? 'user' : 'bearer' }, this.verifier, undefined, this.sessions);
    if (principal?.kind !== 'user' || principal.vendorId !== vendorId) {
      throw new HttpProblem(401, 'AUTH.INVALID_TOKEN', 'the access token is not a reader token of this vendor', {}, {
        'WWW-Authenticate': 'Bearer realm="kiosk", error="invalid_token"',
      });
    }
    return principal.userId;
  }

  routes() {
    return [
      route({
        method: 'get',
        path: '/capsule/vendors/{vendorId}/.well-known/jwks.json',
        operationId: 'getCapsuleJwks',
        summary: "The vendor's public keys: service signing keys (use sig, signed links) and issuer encryption keys (use enc) publishers wrap for",
        description:
          'Signing keys carry `use: "sig"`; issuer keys carry `use: "enc"`, `alg` (`ECDH-ES` or `RSA-OAEP-256`) and, once retired, ' +
          '`status: "retired"`. Cached for an hour (`Cache-Control: public, max-age=3600`).',
        tags: TAGS,
        auth: { kind: 'none' },
        examples: { params: { vendorId: VENDOR_ID }, responses: { 200: CAPSULE_JWKS_EXAMPLE } },
        responses: { 200: { description: 'The key set', schema: CapsuleJwksView }, 404: UNKNOWN_VENDOR },
        handler: async ({ res, params }) => {
          const set = await this.jwks.execute({ vendorId: params.vendorId });
          res.set('Cache-Control', `public, max-age=${JWKS_MAX_AGE_SECONDS}`).json(set);
        },
      }),
      route<UnlockBody>({
        method: 'post',
        path: '/capsule/vendors/{vendorId}/unlock',
        operationId: 'unlockCapsule',
        summary: 'Keys for the granted items of a signed resource: wrap keys or content keys, optionally sealed to the browser',
        description:
          'No authentication is required; a reader of this vendor is honoured through a bearer access token or the cookie session ' +
          '(same-origin rule for cookie calls): the scopes its live entitlements grant through the product-scope mapping answer ' +
          'wrap keys for entries that carry `wrapKeys`, and content keys otherwise. A `shareToken` (publisher share token, or a ' +
          'signed link of this vendor) and a single-article entitlement are answered with content keys of the items they grant, ' +
          'never wrap keys. `clientPublicKey` (base64url RSA-OAEP SPKI, 2048 to 4096 bits) seals every returned key to the ' +
          'browser (`transport: "client-bound"`). Unknown members are ignored. Items not granted are left out; when none is ' +
          'granted the answer is 403 with the reason. Each unlock in which a limited token grants something spends one use.',
        tags: TAGS,
        auth: { kind: 'none' },
        body: { dto: UnlockBody },
        examples: { params: { vendorId: VENDOR_ID }, request: UNLOCK_REQUEST_EXAMPLE, responses: { 200: UNLOCK_EXAMPLE } },
        responses: {
          200: { description: 'The keys', schema: UnlockView },
          400: BAD_UNLOCK,
          401: NOT_A_READER,
          403: NOTHING_GRANTED(
            'Nothing granted, the resourceJWT / share token was refused, no issuer key for the entries, a blob that does not open, ' +
              'or a cookie call from an unregistered origin (the code says why)',
          ),
          404: UNKNOWN_VENDOR,
          409: MODE_NOT_CONFIGURED,
        },
        handler: async ({ req, res, params, body }) => {
          // Keys are never cached, refusals included.
          res.set('Cache-Control', 'no-store');
          const readerId = await this.reader(req, params.vendorId);
          const answer = await this.unlock.execute({
            vendorId: params.vendorId,
            resourceJWT: body.resourceJWT,
            keys: body.keys,
            shareToken: body.shareToken,
            clientPublicKey: body.clientPublicKey || undefined,
            directOnly: body.accessType === 'article',
            readerId,
          });
          res.json(answer);
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
        examples: { params: { vendorId: VENDOR_ID }, request: { token: SERVICE_TOKEN }, responses: { 200: VERIFY_EXAMPLE } },
        responses: {
          200: { description: 'The outcome; `payload` only when the signature is valid and the token unexpired', schema: VerifyView },
          400: MALFORMED_BODY,
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
