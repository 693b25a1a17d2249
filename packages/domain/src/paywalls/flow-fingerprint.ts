import { canonicalJson } from './canonical-json';
import { StrategyFlow } from './strategy-flow';

/**
 * A stable name for a flow's content: SHA-256 (WebCrypto, so it runs in
 * Node and browsers) of its canonical JSON, as `sha256:<hex>`. Key order
 * does not change it; any change of a node, edge or value does. Shown in
 * the debug object and usable as a cache key.
 */
export async function flowFingerprint(flow: StrategyFlow): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(flow));
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', bytes));
  return `sha256:${Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
