import {
  CapsuleManifest,
  createClientKeyPair,
  MemoryWrapKeyCache,
  openPage,
  UnlockResponse,
  unlockRequestFor,
} from '@kiosk/domain/capsule/browser-client';

/**
 * Encrypted articles (capsule-protocol.md): every
 * `<script type="application/json" class="dca-manifest">` of the page is
 * unlocked at its issuer (this service: the reader's cookie session rides
 * along) with a client-bound key pair, so keys reach only this page; each
 * opened item replaces the content of its `[data-service-capsule="<name>"]`
 * element. Wrap keys are kept for the page's life, so later manifests of
 * the same scope open without another unlock.
 */
export interface CapsuleOutcome {
  contentName: string;
  opened: boolean;
  /** Why an item stayed locked (`NO_KEY` when nothing was granted). */
  reason?: string;
}

const cache = new MemoryWrapKeyCache();

/** The issuer of a manifest that this service answers for (its unlock address starts with the API's). */
export function issuerFor(manifest: CapsuleManifest, apiUrl: string): { name: string; unlockUrl: string } | null {
  const base = apiUrl.replace(/\/+$/, '') + '/';
  for (const [name, issuer] of Object.entries(manifest.issuers ?? {})) {
    if (issuer.unlockUrl && issuer.unlockUrl.startsWith(base)) return { name, unlockUrl: issuer.unlockUrl };
  }
  return null;
}

export async function unlockCapsules(
  root: Document,
  apiUrl: string,
  fetchImpl: typeof fetch = fetch,
  /** A signed link's `service_token` (or a publisher share token): content keys of what it grants. */
  shareToken: string | null = null,
): Promise<CapsuleOutcome[]> {
  const outcomes: CapsuleOutcome[] = [];
  for (const script of root.querySelectorAll<HTMLScriptElement>('script.dca-manifest')) {
    let manifest: CapsuleManifest;
    try {
      manifest = JSON.parse(script.textContent ?? '') as CapsuleManifest;
    } catch {
      continue;
    }
    const issuer = issuerFor(manifest, apiUrl);
    if (!issuer) continue;
    const { publicKey, privateKey } = await createClientKeyPair();
    const answer = await fetchImpl(issuer.unlockUrl, {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(unlockRequestFor(manifest, issuer.name, { clientPublicKey: publicKey, ...(shareToken ? { shareToken } : {}) })),
    }).then(
      async (res) => (res.ok ? ((await res.json()) as UnlockResponse) : null),
      () => null,
    );
    const opened = await openPage(manifest, answer, { clientPrivateKey: privateKey, cache });
    for (const [contentName, result] of Object.entries(opened)) {
      const target = root.querySelector<HTMLElement>(`[data-service-capsule="${CSS.escape(contentName)}"]`);
      if ('text' in result) {
        if (target) {
          // The publisher's own content, encrypted by the publisher: HTML items are markup of the page.
          if ((manifest.content[contentName]?.contentType ?? 'text/html').startsWith('text/plain')) target.textContent = result.text;
          else target.innerHTML = result.text;
          target.setAttribute('service-capsule', 'open');
        }
        outcomes.push({ contentName, opened: true });
      } else {
        target?.setAttribute('service-capsule', 'locked');
        outcomes.push({ contentName, opened: false, reason: result.error.code });
      }
    }
  }
  return outcomes;
}
