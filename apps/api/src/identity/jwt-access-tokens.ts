import { randomUUID } from 'node:crypto';
import { Clock } from '@kiosk/domain';
import { ACCESS_TOKEN_AUDIENCE, AccessTokenIssuer, AccessTokenRequest, Principal } from '@kiosk/domain/identity';
import { createRemoteJWKSet, decodeJwt, errors, JWTHeaderParameters, jwtVerify, JWTVerifyGetKey } from 'jose';
import { compactEs256Jws } from '../platform/crypto/es256';
import { processNow } from '../platform/vendor-time';
import { InvalidAccessToken } from '../platform/http/auth-ports';
import { SigningKeyStore } from './signing-keys';
import { VerifiedTokenCache } from './verified-token-cache';

/** Claim names beyond RFC 9068 that say which vendor and what kind of principal a token is for. */
const VENDOR_CLAIM = 'vendor_id';
const PRINCIPAL_CLAIM = 'principal_type';
const TOKEN_TYPE = 'at+jwt';

/** Signs RFC 9068 JWT access tokens with the store's current key. */
export class JwtAccessTokenIssuer implements AccessTokenIssuer {
  constructor(
    private readonly keys: SigningKeyStore,
    private readonly issuer: string,
  ) {}

  async issue({ principal, issuedAt, lifetimeSeconds }: AccessTokenRequest): Promise<string> {
    const key = await this.keys.signingKey();
    const iat = Math.floor(issuedAt.getTime() / 1000);
    const subject = principal.kind === 'api_key' ? principal.clientId : principal.userId;
    // The claims in the order jose's SignJWT sets them (payload, then iss, aud, sub, iat, exp, jti), signed synchronously.
    const payload = {
      scope: principal.scopes.join(' '),
      [VENDOR_CLAIM]: principal.vendorId,
      [PRINCIPAL_CLAIM]: principal.kind,
      ...(principal.kind === 'api_key' ? { client_id: principal.clientId } : {}),
      iss: this.issuer,
      aud: ACCESS_TOKEN_AUDIENCE,
      sub: subject,
      iat,
      exp: iat + lifetimeSeconds,
      jti: randomUUID(),
    };
    return compactEs256Jws({ alg: 'ES256', kid: key.kid, typ: TOKEN_TYPE }, payload, key.sign);
  }
}

// The platform answers a token that does not verify with 401 (platform/http/auth-ports.ts); identity throws its error.
export { InvalidAccessToken };

/** A check every verified principal must also pass (engagement adds: the user exists and is not erased). */
export interface PrincipalGate {
  admits(principal: Principal): Promise<boolean>;
}

/**
 * The resource-server side: signature, issuer, audience, expiry and
 * algorithm are all pinned; anything else is an invalid token. Expiry is
 * judged on process time even inside a test vendor's time: tokens are
 * issued on it (sign-in and token routes keep the system clock).
 */
export class AccessTokenVerifier {
  constructor(
    private readonly keys: SigningKeyStore,
    private readonly issuer: string,
    private readonly clock: Clock,
    /** With OIDC_ISSUER, readers' tokens come from that provider instead of the embedded one. */
    private readonly external: ExternalReaderTokens | null = null,
  ) {}

  private readonly gates: PrincipalGate[] = [];
  private readonly verified = new VerifiedTokenCache();

  /** Adds a gate; modules add theirs when the verifier is first resolved (container onActivation). */
  addGate(gate: PrincipalGate): void {
    this.gates.push(gate);
  }

  /** Whether every gate admits the verified principal (a signature alone does not outlive an erased account). */
  async admits(principal: Principal): Promise<boolean> {
    for (const gate of this.gates) if (!(await gate.admits(principal))) return false;
    return true;
  }

  private async gated(principal: Principal): Promise<Principal> {
    if (!(await this.admits(principal))) throw new InvalidAccessToken('the account no longer exists');
    return principal;
  }

  async verify(token: string): Promise<Principal> {
    if (this.external) {
      let issuer: unknown;
      try {
        issuer = decodeJwt(token).iss;
      } catch {
        throw new InvalidAccessToken('token not valid');
      }
      if (issuer === this.external.issuer) return this.gated(await this.external.verify(token, processNow(this.clock)));
    }
    const principal = await this.verifyOwn(token);
    if (this.external && principal.kind === 'user') {
      throw new InvalidAccessToken(`readers sign in at ${this.external.issuer}`);
    }
    return principal;
  }

  private async verifyOwn(token: string): Promise<Principal> {
    const now = processNow(this.clock);
    const known = this.verified.get(token, now);
    if (known) return known.kind === 'user' ? this.gated(known) : known;
    const principal = await this.verifySignedToken(token, now);
    return principal.kind === 'user' ? this.gated(principal) : principal;
  }

  /** Signature, issuer, audience, type and expiry; a valid token is remembered (without its gates, which run each time). */
  private async verifySignedToken(token: string, now: Date): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(
        token,
        async (header: JWTHeaderParameters) => {
          const key = header.kid ? await this.keys.publicKey(header.kid) : null;
          if (!key) throw new InvalidAccessToken('unknown signing key');
          return key;
        },
        {
          issuer: this.issuer,
          audience: ACCESS_TOKEN_AUDIENCE,
          algorithms: ['ES256'],
          typ: TOKEN_TYPE,
          currentDate: now,
          requiredClaims: ['exp', 'iat', 'sub', VENDOR_CLAIM, PRINCIPAL_CLAIM],
        },
      );
      const vendorId = payload[VENDOR_CLAIM];
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
      if (typeof vendorId !== 'string' || typeof payload.sub !== 'string') throw new InvalidAccessToken('bad claims');
      let principal: Principal;
      if (payload[PRINCIPAL_CLAIM] === 'api_key') principal = { kind: 'api_key', vendorId, clientId: payload.sub, scopes };
      else if (payload[PRINCIPAL_CLAIM] === 'user') principal = { kind: 'user', vendorId, userId: payload.sub, scopes };
      else throw new InvalidAccessToken('unknown principal type');
      // A token that carries `nbf` is verified each time (ours never do), so the cache need not judge it.
      if (payload.nbf === undefined) this.verified.set(token, principal, payload.exp!, now);
      return principal;
    } catch (error) {
      if (error instanceof InvalidAccessToken) throw error;
      if (error instanceof errors.JOSEError) {
        throw new InvalidAccessToken(error.code === 'ERR_JWT_EXPIRED' ? 'token expired' : 'token not valid');
      }
      throw error;
    }
  }
}

/** Asymmetric algorithms only: never HS* (a public key is no secret) and never `none`. */
const EXTERNAL_ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/**
 * Readers' access tokens from a standard OpenID provider (OIDC_ISSUER): keys
 * from its discovery document's `jwks_uri` (fetched and cached by jose),
 * issuer, audience, expiry and algorithm pinned, the vendor read from a
 * configurable claim.
 */
export class ExternalReaderTokens {
  private jwks: Promise<JWTVerifyGetKey> | null = null;

  constructor(
    readonly issuer: string,
    private readonly vendorClaim: string,
    private readonly audience: string = ACCESS_TOKEN_AUDIENCE,
  ) {}

  private keySet(): Promise<JWTVerifyGetKey> {
    this.jwks ??= (async () => {
      const response = await fetch(`${this.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
        signal: AbortSignal.timeout(5000),
      });
      if (!response.ok) throw new Error(`discovery answered ${response.status}`);
      const { jwks_uri: jwksUri } = (await response.json()) as { jwks_uri?: string };
      if (!jwksUri) throw new Error('the discovery document has no jwks_uri');
      return createRemoteJWKSet(new URL(jwksUri));
    })().catch((error: unknown) => {
      this.jwks = null; // try again on the next token
      throw error;
    });
    return this.jwks;
  }

  async verify(token: string, now: Date): Promise<Principal> {
    try {
      const { payload } = await jwtVerify(token, await this.keySet(), {
        issuer: this.issuer,
        audience: this.audience,
        algorithms: EXTERNAL_ALGORITHMS,
        currentDate: now,
        requiredClaims: ['exp', 'sub'],
      });
      const vendorId = payload[this.vendorClaim];
      if (typeof vendorId !== 'string' || typeof payload.sub !== 'string') {
        throw new InvalidAccessToken(`the token names no vendor (claim ${this.vendorClaim})`);
      }
      const scopes = typeof payload.scope === 'string' ? payload.scope.split(' ').filter(Boolean) : [];
      return { kind: 'user', vendorId, userId: payload.sub, scopes };
    } catch (error) {
      if (error instanceof InvalidAccessToken) throw error;
      if (error instanceof errors.JOSEError) {
        throw new InvalidAccessToken(error.code === 'ERR_JWT_EXPIRED' ? 'token expired' : 'token not valid');
      }
      throw new InvalidAccessToken('the identity provider could not be reached to check the token');
    }
  }
}
