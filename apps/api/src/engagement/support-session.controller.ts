import { IssueSupportSession, SupportSessionClaims, SupportSessionSigner } from '@kiosk/domain/engagement';
import { SignJWT } from 'jose';
import { Controller, route } from '../platform/http/routes';
import { SUPPORT_SESSION_EXAMPLE } from './engagement.examples';
import { NO_CREDENTIALS, SUPPORT_READER_NOT_FOUND } from './engagement.error-examples';

export const SUPPORT_SESSION_AUDIENCE = 'urn:service:support-messenger';

/** HS256 with SUPPORT_SESSION_SECRET; issuer is the service's BASE_URL. */
export class Hs256SupportSessionSigner implements SupportSessionSigner {
  constructor(
    private readonly secret: Uint8Array,
    private readonly issuer: string,
  ) {}

  sign(claims: SupportSessionClaims): Promise<string> {
    return new SignJWT({ vendorId: claims.vendorId, email: claims.email })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setAudience(SUPPORT_SESSION_AUDIENCE)
      .setSubject(claims.sub)
      .setJti(claims.jti)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(this.secret);
  }
}

export class SupportSessionController implements Controller {
  constructor(private readonly issue: IssueSupportSession) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/support-session',
        operationId: 'getSupportSession',
        summary: 'A short-lived signed token for the support messenger',
        description:
          'An HS256 JWT signed with SUPPORT_SESSION_SECRET, valid for 5 minutes: `sub` (user id), `vendorId`, `email`, ' +
          `\`iss\` (BASE_URL), \`aud\` \`${SUPPORT_SESSION_AUDIENCE}\`, \`iat\`, \`exp\`, \`jti\`.`,
        tags: ['support'],
        auth: { kind: 'user' },
        examples: { responses: { 200: SUPPORT_SESSION_EXAMPLE } },
        responses: {
          200: { description: 'The token', schema: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } } },
          401: NO_CREDENTIALS,
          404: SUPPORT_READER_NOT_FOUND,
        },
        handler: async ({ res, principal }) => {
          const { token } = await this.issue.execute({ vendorId: principal.vendorId, userId: (principal as { userId: string }).userId });
          res.set('Cache-Control', 'no-store').json({ token });
        },
      }),
    ];
  }
}
