import { InvalidError } from '../shared';

/**
 * Byte helpers that run unchanged in browsers and Node: no Buffer, no atob.
 * WebCrypto wants ArrayBuffer-backed views, hence the `Bytes` alias.
 */
export type Bytes = Uint8Array<ArrayBuffer>;

const URL_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const DECODE = new Map<string, number>();
for (let i = 0; i < 64; i += 1) DECODE.set(URL_ALPHABET[i], i);
// Standard base64 (PEM bodies, stored secrets) differs only in these two letters.
DECODE.set('+', 62);
DECODE.set('/', 63);

export class BadEncoding extends InvalidError {
  constructor(what: string) {
    super('CAPSULE.BAD_ENCODING', `${what} is not valid base64`);
  }
}

/** base64url without padding, the protocol's form for every binary value. */
export function toBase64Url(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, Math.ceil(((bytes.length - i) * 8) / 6));
    for (let c = 0; c < chars; c += 1) out += URL_ALPHABET[(n >> (18 - 6 * c)) & 63];
  }
  return out;
}

/**
 * Decodes base64url or standard base64, padded or not: publishers and PEM
 * files use both, and the bytes are the same.
 */
export function fromBase64(text: string, what = 'value'): Bytes {
  const clean = text.replace(/[\s=]+$/g, '').replace(/\s+/g, '');
  if (clean.length % 4 === 1) throw new BadEncoding(what);
  const out = new Uint8Array(Math.floor((clean.length * 6) / 8));
  let bits = 0;
  let acc = 0;
  let o = 0;
  for (const ch of clean) {
    const v = DECODE.get(ch);
    if (v === undefined) throw new BadEncoding(what);
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[o] = (acc >> bits) & 0xff;
      o += 1;
    }
  }
  return out;
}

export function utf8(text: string): Bytes {
  return new TextEncoder().encode(text) as Bytes;
}

/** A copy on a fresh ArrayBuffer, so any Uint8Array (a Node Buffer too) can go to WebCrypto. */
export function bytesOf(view: Uint8Array): Bytes {
  return new Uint8Array(view);
}
