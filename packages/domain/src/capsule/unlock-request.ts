import { InvalidError } from '../shared';

/** An entry without `contentName` names this item (protocol: "Key entries in the request"). */
export const DEFAULT_CONTENT_NAME = 'default';

/**
 * One key entry of the unlock request, as the browser copies it from the
 * manifest's `issuers[name].keys`. `contentKey` and each `wrapKeys[].key` are
 * blobs wrapped for one of the vendor's issuer keys (named by `kid`, when
 * given). A publisher that granted the issuer by content name leaves
 * `wrapKeys` out on purpose.
 */
export interface UnlockKeyRequest {
  /** Default `"default"`. */
  readonly contentName?: string;
  readonly scope: string;
  /** The issuer key the blobs were wrapped for; not a rotation kid. */
  readonly kid?: string;
  readonly contentKey?: string;
  /** Rotation kids; `key` is read only where the service unwraps (issuer-wrapped mode). */
  readonly wrapKeys?: readonly { readonly kid: string; readonly key?: string }[];
}

/** An entry after the `"default"` rule. */
export interface KeyEntry extends UnlockKeyRequest {
  readonly contentName: string;
}

/** Two entries share `contentName` and issuer `kid` (an absent kid counts as ""): the request is ambiguous. */
export class DuplicateKeyEntry extends InvalidError {
  constructor(contentName: string, kid: string | undefined) {
    super('CAPSULE.DUPLICATE_ENTRY', `two key entries for content "${contentName}" and issuer key "${kid ?? ''}"`, {
      contentName,
      kid: kid ?? null,
    });
  }
}

export class NoKeyEntries extends InvalidError {
  constructor() {
    super('CAPSULE.NO_KEY_ENTRIES', 'keys must list at least one entry');
  }
}

/** Applies the `"default"` content name and refuses duplicates and an empty list. */
export function keyEntries(requested: readonly UnlockKeyRequest[]): KeyEntry[] {
  if (requested.length === 0) throw new NoKeyEntries();
  const seen = new Set<string>();
  return requested.map((entry) => {
    const contentName = entry.contentName ?? DEFAULT_CONTENT_NAME;
    const id = `${contentName}\u0000${entry.kid ?? ''}`;
    if (seen.has(id)) throw new DuplicateKeyEntry(contentName, entry.kid);
    seen.add(id);
    return { ...entry, contentName };
  });
}
