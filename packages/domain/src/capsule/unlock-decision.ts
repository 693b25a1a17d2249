import { InvalidError } from '../shared';
import { Bytes, toBase64Url } from './bytes';
import { sealForClient } from './client-bound';
import { CapsuleModeNotConfigured, IssuerKeyUnknown, KidOutsideWindow, NothingGranted, ScopeNotInResource, ShareTokenRejected } from './errors';
import { IssuerPrivateKey } from './issuer-key';
import { unwrapIssuerBlob, UnwrapFailed } from './issuer-unwrap';
import { allowedKids, KidWindowOptions } from './kid';
import { VerifiedResource } from './resource-jwt';
import { VerifiedShareToken } from './share-token';
import { VerifiedSignedLink } from './signed-link';
import { KeyEntry, keyEntries, UnlockKeyRequest } from './unlock-request';
import { deriveWrapKey, WRAP_KEY_BYTES } from './wrap-key';


/** Wrap-key delivery: `key` is the raw wrapKey (base64url), or sealed to the browser when client-bound. */
export interface WrapKeyAnswer {
  contentName: string;
  scope: string;
  wrapKeys: { kid: string; key: string }[];
}

/** Direct delivery: the item's 32-byte content key (base64url), or sealed to the browser when client-bound. */
export interface ContentKeyAnswer {
  contentName: string;
  scope: string;
  contentKey: string;
}

export type UnlockKeyAnswer = WrapKeyAnswer | ContentKeyAnswer;

export interface UnlockAnswer {
  keys: UnlockKeyAnswer[];
  /** Only for client-bound answers; absent means the keys are in clear ("direct" transport). */
  transport?: 'client-bound';
}

/**
 * What entitles the caller. Only a reader's entitlement to a scope can
 * release wrap keys (which open every item of the scope); every other grant
 * names items or one resource and is answered with content keys.
 */
export type UnlockGrant =
  /** Scopes of the reader's live entitlements (product-scope mapping). */
  | { readonly kind: 'scopes'; readonly scopes: readonly string[] }
  /** Resource ids (`sub`) the reader bought one by one: every item of such a resource. */
  | { readonly kind: 'resources'; readonly resourceIds: readonly string[] }
  /** A publisher share token: the named items, or the items of the named scopes. */
  | { readonly kind: 'share'; readonly token: VerifiedShareToken }
  /** The service's own signed link: the items of its tier in its resource. */
  | { readonly kind: 'link'; readonly link: VerifiedSignedLink };

/**
 * Where wrapKeys come from: derived from the vendor's rotation secret
 * (hosted issuer, request blobs ignored), or unwrapped from the blobs the
 * publisher wrapped for this issuer. Content keys always come from the
 * issuer keys: the rotation secret cannot produce them.
 */
export type WrapKeySource =
  | {
      readonly kind: 'hosted';
      /** Null: the vendor has none yet, so only content keys can be answered. */
      readonly rotationSecret: Uint8Array | null;
      /**
       * During a rotation overlap: the secret before `rotationSecret`, still honoured. The
       * service cannot tell which of the two a page was rendered with, so each kid gets the
       * key of the current secret first and then the one of the previous; the client keeps
       * the one that opens its wrapped content key (AES-GCM refuses the other).
       */
      readonly previousRotationSecret?: Uint8Array | null;
    }
  | { readonly kind: 'issuer-wrapped' };

export interface UnlockDecisionInput {
  readonly resource: VerifiedResource;
  readonly requested: readonly UnlockKeyRequest[];
  /** Any one grant suffices for an item. */
  readonly grants: readonly UnlockGrant[];
  readonly now: Date;
  readonly window?: KidWindowOptions;
  /** The page asked for content keys only (`accessType: "article"`): never wrap keys. */
  readonly directOnly?: boolean;
}

export type Delivery = 'wrap-keys' | 'content-key';

/** One granted item and how it is answered. */
export interface PlannedItem {
  readonly contentName: string;
  readonly delivery: Delivery;
  /** Wrap keys: entries whose scope an entitlement covers and that carry wrapKeys. Content key: granted entries. */
  readonly candidates: readonly KeyEntry[];
  /** The grants that grant this item (for use counting). */
  readonly grantedBy: readonly UnlockGrant[];
}

/** A granted item's entry carries no content key, so direct delivery is impossible. */
export class ContentKeyMissing extends InvalidError {
  constructor(contentName: string) {
    super('CAPSULE.CONTENT_KEY_MISSING', `the entry for content "${contentName}" carries no contentKey; its grant is answered with content keys only`, {
      contentName,
    });
  }
}

function entryGranted(grant: UnlockGrant, entry: KeyEntry, resource: VerifiedResource): boolean {
  switch (grant.kind) {
    case 'scopes':
      return grant.scopes.includes(entry.scope);
    case 'resources':
      return grant.resourceIds.includes(resource.resourceId);
    case 'link':
      return grant.link.contentId === resource.resourceId && grant.link.tier === entry.scope;
    case 'share': {
      const { token } = grant;
      if (token.domain !== resource.domain || token.resourceId !== resource.resourceId) {
        throw new ShareTokenRejected('WRONG_RESOURCE', 'the share token is for another resource');
      }
      return 'contentNames' in token.grant ? token.grant.contentNames.includes(entry.contentName) : token.grant.scopes.includes(entry.scope);
    }
  }
}

/**
 * Names in answer order: a content-name share grant in the token's order,
 * then every other granted name in the order it first appears in the request.
 */
function answerOrder(entries: readonly KeyEntry[], grants: readonly UnlockGrant[]): string[] {
  const names: string[] = [];
  for (const grant of grants) {
    if (grant.kind === 'share' && 'contentNames' in grant.token.grant) names.push(...grant.token.grant.contentNames);
  }
  names.push(...entries.map((e) => e.contentName));
  return [...new Set(names)].filter((name) => entries.some((e) => e.contentName === name));
}

/**
 * The decision without the cryptography: which items are granted and how
 * each is delivered. Wrap keys only where a reader's entitlement covers the
 * entry's scope and the entry carries wrapKeys; content keys for every other
 * grant, so a token for one article opens that article only.
 */
export function planUnlock(input: UnlockDecisionInput): PlannedItem[] {
  const { resource } = input;
  const entries = keyEntries(input.requested);
  // The scope is the only thing the client says about an entry; it must be one the publisher signed.
  for (const entry of entries) if (!resource.scopes.includes(entry.scope)) throw new ScopeNotInResource(entry.scope, resource.scopes);
  const planned: PlannedItem[] = [];
  for (const contentName of answerOrder(entries, input.grants)) {
    const ofName = entries.filter((e) => e.contentName === contentName);
    const grantedBy = input.grants.filter((g) => ofName.some((e) => entryGranted(g, e, resource)));
    if (grantedBy.length === 0) continue;
    const byScope = input.directOnly
      ? []
      : ofName.filter((e) => (e.wrapKeys?.length ?? 0) > 0 && input.grants.some((g) => g.kind === 'scopes' && entryGranted(g, e, resource)));
    if (byScope.length > 0) {
      planned.push({ contentName, delivery: 'wrap-keys', candidates: byScope, grantedBy: grantedBy.filter((g) => g.kind === 'scopes') });
    } else {
      const candidates = ofName.filter((e) => grantedBy.some((g) => entryGranted(g, e, resource)));
      planned.push({ contentName, delivery: 'content-key', candidates, grantedBy });
    }
  }
  if (planned.length === 0) throw nothingGranted(entries, input.grants);
  return planned;
}

function nothingGranted(entries: readonly KeyEntry[], grants: readonly UnlockGrant[]): NothingGranted {
  const share = grants.some((g) => g.kind === 'share' || g.kind === 'link');
  const reader = grants.some((g) => (g.kind === 'scopes' && g.scopes.length > 0) || g.kind === 'resources');
  const how = share && reader ? 'entitlements or share token' : share ? 'share token' : 'entitlements';
  const names = [...new Set(entries.map((e) => e.contentName))];
  const token = grants.find((g): g is Extract<UnlockGrant, { kind: 'share' }> => g.kind === 'share')?.token;
  return new NothingGranted([...new Set(entries.map((e) => e.scope))], how, {
    contentNames: names,
    ...(token ? { tokenGrant: { ...token.grant } } : {}),
  });
}

export interface UnlockDecision {
  readonly answer: UnlockAnswer;
  /** Grants that granted at least one answered item: a limited token spends a use only then. */
  readonly grantsUsed: readonly UnlockGrant[];
}

/**
 * The unlock decision: plan, then unwrap or derive. Items whose keys cannot
 * be produced (no entry for an issuer key the vendor holds, no requested kid
 * inside the rotation window) are left out; when nothing is left it refuses
 * with the reason. A blob that does not open, or a content-key item without
 * `contentKey`, fails the whole request naming the entry (4xx).
 */
export async function decideUnlock(
  input: UnlockDecisionInput & {
    readonly source: WrapKeySource;
    /** The vendor's issuer private keys, preferred first (active before retired, newest first). */
    readonly issuerKeys: readonly IssuerPrivateKey[];
    /** Client-bound transport: every returned key is sealed to this RSA-OAEP key. */
    readonly clientKey?: CryptoKey | null;
  },
): Promise<UnlockDecision> {
  const planned = planUnlock(input);
  const window = allowedKids(input.now, input.window);
  const wrapKey = wrapKeyFrom(input.source, input.issuerKeys);
  const seal = input.clientKey ? (raw: Bytes) => sealForClient(raw, input.clientKey!) : async (raw: Bytes) => toBase64Url(raw);
  const keys: UnlockKeyAnswer[] = [];
  const used = new Set<UnlockGrant>();
  const outside: string[] = [];
  const unknown: { contentName: string; kids: (string | null)[] }[] = [];
  for (const item of planned) {
    if (item.delivery === 'wrap-keys') {
      const entry = chooseEntry(item.candidates, input.issuerKeys, input.source.kind === 'hosted');
      if (!entry) {
        unknown.push({ contentName: item.contentName, kids: item.candidates.map((e) => e.kid ?? null) });
        continue;
      }
      const requestedKids = [...new Set((entry.wrapKeys ?? []).map((w) => w.kid))];
      const kids = requestedKids.filter((kid) => window.includes(kid));
      if (kids.length === 0) {
        outside.push(...requestedKids);
        continue;
      }
      const wrapKeys = [];
      for (const kid of kids) for (const raw of await wrapKey(entry, kid)) wrapKeys.push({ kid, key: await seal(raw) });
      keys.push({ contentName: item.contentName, scope: entry.scope, wrapKeys });
    } else {
      const entry = chooseEntry(item.candidates, input.issuerKeys, false);
      if (!entry) {
        unknown.push({ contentName: item.contentName, kids: item.candidates.map((e) => e.kid ?? null) });
        continue;
      }
      if (entry.contentKey === undefined || entry.contentKey.length === 0) throw new ContentKeyMissing(item.contentName);
      const contentKey = await unwrapEntryBlob(entry, entry.contentKey, 'contentKey', input.issuerKeys);
      if (!contentKey) {
        unknown.push({ contentName: item.contentName, kids: [entry.kid ?? null] });
        continue;
      }
      keys.push({ contentName: item.contentName, scope: entry.scope, contentKey: await seal(contentKey) });
    }
    for (const grant of item.grantedBy) used.add(grant);
  }
  if (keys.length === 0) {
    if (unknown.length > 0) throw new IssuerKeyUnknown(unknown);
    throw new KidOutsideWindow([...new Set(outside)], window);
  }
  const answer: UnlockAnswer = input.clientKey ? { keys, transport: 'client-bound' } : { keys };
  return { answer, grantsUsed: [...used] };
}

/**
 * Step 1 of "Choosing the entry": the only entry; or the one whose `kid`
 * names a key the vendor holds (the preferred key first); or one without
 * `kid`. Null when none fits. In hosted mode wrap keys are derived, so any
 * entry with wrapKeys will do.
 */
function chooseEntry(candidates: readonly KeyEntry[], issuerKeys: readonly IssuerPrivateKey[], anyWillDo: boolean): KeyEntry | null {
  if (candidates.length === 1 || (anyWillDo && candidates.length > 0)) {
    const held = candidates.find((e) => e.kid !== undefined && issuerKeys.some((k) => k.kid === e.kid));
    return held ?? candidates[0];
  }
  for (const key of issuerKeys) {
    const entry = candidates.find((e) => e.kid === key.kid);
    if (entry) return entry;
  }
  return candidates.find((e) => e.kid === undefined) ?? null;
}

/** A P-256 point (65) + IV (12) + a 32-byte key sealed with its tag (48). */
const ECDH_BLOB_BYTES = 125;

function looksLike(key: IssuerPrivateKey, blob: string): boolean {
  const length = Math.floor((blob.replace(/=+$/, '').length * 6) / 8);
  if (key.algorithm === 'ECDH-P256') return length === ECDH_BLOB_BYTES;
  return length === (key.key.algorithm as RsaHashedKeyAlgorithm).modulusLength / 8;
}

/**
 * Step 2: unwrap with the key the entry names, or, without `kid`, with each
 * vendor key of the blob's kind. Null when the vendor holds no such key; a
 * blob that does not open fails naming the entry.
 */
async function unwrapEntryBlob(
  entry: KeyEntry,
  blob: string,
  member: string,
  issuerKeys: readonly IssuerPrivateKey[],
): Promise<Bytes | null> {
  const keys = entry.kid !== undefined ? issuerKeys.filter((k) => k.kid === entry.kid) : issuerKeys.filter((k) => looksLike(k, blob));
  if (keys.length === 0) return null;
  let failure: unknown;
  for (const key of keys) {
    try {
      const raw = await unwrapIssuerBlob(blob, entry.scope, key);
      if (raw.length !== WRAP_KEY_BYTES) throw new UnwrapFailed(entry.scope, `the key is ${raw.length} bytes, not ${WRAP_KEY_BYTES}`);
      return raw;
    } catch (error) {
      failure = error;
    }
  }
  const why = failure instanceof Error ? failure.message.replace(/^.*: /, '') : 'does not open';
  throw new UnwrapFailed(entry.scope, why, { contentName: entry.contentName, kid: entry.kid, member });
}

/** Every key a kid may be wrapped under: one, or two during a hosted rotation overlap. */
type WrapKeyFor = (entry: KeyEntry, kid: string) => Promise<Bytes[]>;

function wrapKeyFrom(source: WrapKeySource, issuerKeys: readonly IssuerPrivateKey[]): WrapKeyFor {
  if (source.kind === 'hosted') {
    // Entries of one scope share wrapKeys; derive each (scope, kid) once.
    const derived = new Map<string, Promise<Bytes[]>>();
    const { rotationSecret } = source;
    if (!rotationSecret) {
      return () => {
        throw new CapsuleModeNotConfigured('hosted');
      };
    }
    const secrets = source.previousRotationSecret ? [rotationSecret, source.previousRotationSecret] : [rotationSecret];
    return (entry, kid) => {
      const id = `${entry.scope}\u0000${kid}`;
      if (!derived.has(id)) derived.set(id, Promise.all(secrets.map((secret) => deriveWrapKey(secret, entry.scope, kid))));
      return derived.get(id)!;
    };
  }
  return async (entry, kid) => {
    const blob = entry.wrapKeys?.find((w) => w.kid === kid && w.key !== undefined)?.key;
    const where = { contentName: entry.contentName, kid: entry.kid, member: `wrapKeys[${kid}]` };
    if (blob === undefined) throw new UnwrapFailed(entry.scope, `no wrapped key for kid ${kid}`, where);
    const raw = await unwrapEntryBlob(entry, blob, `wrapKeys[${kid}]`, issuerKeys);
    if (!raw) throw new IssuerKeyUnknown([{ contentName: entry.contentName, kids: [entry.kid ?? null] }]);
    return [raw];
  };
}
