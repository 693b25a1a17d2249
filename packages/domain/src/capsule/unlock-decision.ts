import { toBase64Url } from './bytes';
import { IssuerKeyUnknown, KidOutsideWindow, NothingGranted, ScopeNotInResource, ShareTokenRejected } from './errors';
import { IssuerPrivateKey } from './issuer-key';
import { unwrapIssuerBlob, UnwrapFailed } from './issuer-unwrap';
import { allowedKids, KidWindowOptions } from './kid';
import { VerifiedResource } from './resource-jwt';
import { VerifiedShareToken } from './share-token';
import { deriveWrapKey } from './wrap-key';

/** One entry of the unlock request (interface 2.10). `key` is only read in issuer-wrapped mode. */
export interface UnlockKeyRequest {
  readonly contentName: string;
  readonly scope: string;
  readonly wrapKeys: readonly { readonly kid: string; readonly key?: string }[];
  /** Issuer key id the blobs were wrapped for (manifests carry it); issuer-wrapped mode only. */
  readonly kid?: string;
}

export interface UnlockKeyAnswer {
  contentName: string;
  scope: string;
  /** `key` is the raw wrapKey, base64url. */
  wrapKeys: { kid: string; key: string }[];
}

export interface UnlockAnswer {
  keys: UnlockKeyAnswer[];
}

/** What entitles the caller: scopes from active entitlements, or a verified share token. */
export type UnlockGrant =
  | { readonly kind: 'scopes'; readonly scopes: readonly string[] }
  | { readonly kind: 'share'; readonly token: VerifiedShareToken };

/**
 * Where wrapKeys come from: derived from the vendor's rotation secret
 * (hosted issuer, request blobs ignored), or unwrapped from the blobs the
 * publisher wrapped for this issuer.
 */
export type WrapKeySource =
  | {
      readonly kind: 'hosted';
      readonly rotationSecret: Uint8Array;
      /**
       * During a rotation overlap: the secret before `rotationSecret`, still honoured. The
       * service cannot tell which of the two a page was rendered with, so each kid gets the
       * key of the current secret first and then the one of the previous; the client keeps
       * the one that opens its wrapped content key (AES-GCM refuses the other).
       */
      readonly previousRotationSecret?: Uint8Array | null;
    }
  | { readonly kind: 'issuer-wrapped'; readonly issuerKeys: readonly IssuerPrivateKey[] };

export interface UnlockDecisionInput {
  readonly resource: VerifiedResource;
  readonly requested: readonly UnlockKeyRequest[];
  /** Any one grant suffices for an entry. */
  readonly grants: readonly UnlockGrant[];
  readonly now: Date;
  readonly window?: KidWindowOptions;
}

export interface PlannedEntry {
  readonly request: UnlockKeyRequest;
  /** Requested kids inside the rotation window, without repeats. */
  readonly kids: readonly string[];
}

function grants(grant: UnlockGrant, entry: UnlockKeyRequest, resource: VerifiedResource): boolean {
  if (grant.kind === 'scopes') return grant.scopes.includes(entry.scope);
  const { token } = grant;
  if (token.domain !== resource.domain || token.resourceId !== resource.resourceId) {
    throw new ShareTokenRejected('WRONG_RESOURCE', 'the share token is for another resource');
  }
  return 'contentNames' in token.grant ? token.grant.contentNames.includes(entry.contentName) : token.grant.scopes.includes(entry.scope);
}

/**
 * The decision without the cryptography: which entries are granted and for
 * which kids. Refuses with the most specific reason when nothing is left.
 */
export function planUnlock(input: UnlockDecisionInput): PlannedEntry[] {
  const { resource, requested, now } = input;
  const window = allowedKids(now, input.window);
  const planned: PlannedEntry[] = [];
  let grantedEntries = 0;
  for (const request of requested) {
    // The scope is the only thing the client says about an entry; it must be one the publisher signed.
    if (!resource.scopes.includes(request.scope)) throw new ScopeNotInResource(request.scope, resource.scopes);
    if (!input.grants.some((g) => grants(g, request, resource))) continue;
    grantedEntries += 1;
    const kids = [...new Set(request.wrapKeys.map((w) => w.kid))].filter((kid) => window.includes(kid));
    if (kids.length > 0) planned.push({ request, kids });
  }
  if (planned.length > 0) return planned;
  if (grantedEntries > 0) throw new KidOutsideWindow([...new Set(requested.flatMap((r) => r.wrapKeys.map((w) => w.kid)))], window);
  throw new NothingGranted([...new Set(requested.map((r) => r.scope))], describe(input.grants));
}

function describe(list: readonly UnlockGrant[]): ConstructorParameters<typeof NothingGranted>[1] {
  const share = list.some((g) => g.kind === 'share');
  const scopes = list.some((g) => g.kind === 'scopes');
  return share && scopes ? 'entitlements or share token' : share ? 'share token' : 'entitlements';
}

/**
 * The unlock decision (protocol steps 3 and 4): wrapKeys for granted
 * entries and in-window kids only. Entries not granted are left out; when
 * none is granted it refuses.
 */
export async function decideUnlock(input: UnlockDecisionInput & { readonly source: WrapKeySource }): Promise<UnlockAnswer> {
  const planned = planUnlock(input);
  const wrapKey = wrapKeyFrom(input.source);
  const keys: UnlockKeyAnswer[] = [];
  for (const { request, kids } of planned) {
    const wrapKeys = [];
    for (const kid of kids) for (const key of await wrapKey(request, kid)) wrapKeys.push({ kid, key });
    keys.push({ contentName: request.contentName, scope: request.scope, wrapKeys });
  }
  return { keys };
}

/** Every key a kid may be wrapped under: one, or two during a hosted rotation overlap. */
type WrapKeyFor = (request: UnlockKeyRequest, kid: string) => Promise<string[]>;

function wrapKeyFrom(source: WrapKeySource): WrapKeyFor {
  if (source.kind === 'hosted') {
    // Entries of one scope share wrapKeys; derive each (scope, kid) once.
    const derived = new Map<string, Promise<string[]>>();
    const secrets = source.previousRotationSecret ? [source.rotationSecret, source.previousRotationSecret] : [source.rotationSecret];
    return (request, kid) => {
      const id = `${request.scope}\u0000${kid}`;
      if (!derived.has(id)) {
        derived.set(id, Promise.all(secrets.map((secret) => deriveWrapKey(secret, request.scope, kid).then(toBase64Url))));
      }
      return derived.get(id)!;
    };
  }
  return async (request, kid) => {
    const blob = request.wrapKeys.find((w) => w.kid === kid && w.key !== undefined)?.key;
    if (blob === undefined) throw new UnwrapFailed(request.scope, `no wrapped key for kid ${kid}`);
    const candidates = source.issuerKeys.filter((k) => request.kid === undefined || k.kid === request.kid);
    if (candidates.length === 0) throw new IssuerKeyUnknown(request.kid);
    // Without a named issuer key (older clients), any current key may have wrapped it.
    let failure: unknown;
    for (const issuerKey of candidates) {
      try {
        return [toBase64Url(await unwrapIssuerBlob(blob, request.scope, issuerKey))];
      } catch (error) {
        failure = error;
      }
    }
    throw failure;
  };
}
