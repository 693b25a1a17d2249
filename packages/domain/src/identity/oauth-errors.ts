import { DomainError, DomainErrorKind } from '../shared';

/** RFC 6749 error codes the token service answers with. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'unsupported_grant_type'
  | 'access_denied'
  | 'invalid_target';

export class OAuthError extends DomainError {
  readonly kind: DomainErrorKind;
  constructor(
    readonly oauthCode: OAuthErrorCode,
    description: string,
  ) {
    super(`OAUTH.${oauthCode.toUpperCase()}`, description);
    this.kind = oauthCode === 'invalid_client' ? 'unauthenticated' : oauthCode === 'access_denied' ? 'forbidden' : 'invalid';
  }
}

/** One answer for every client failure, so a caller cannot tell which part was wrong. */
export function invalidClient(): OAuthError {
  return new OAuthError('invalid_client', 'client authentication failed');
}
