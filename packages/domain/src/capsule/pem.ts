import { InvalidError } from '../shared';
import { Bytes, fromBase64 } from './bytes';

const PEM = /-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END \1-----/;

/** DER bytes of a PEM block; `label` ("PUBLIC KEY", "PRIVATE KEY") must match when given. */
export function pemToDer(pem: string, label?: string): Bytes {
  const m = PEM.exec(pem);
  if (!m || (label !== undefined && m[1] !== label)) {
    throw new InvalidError('CAPSULE.BAD_PEM', `expected a PEM block${label ? ` labelled ${label}` : ''}`);
  }
  return fromBase64(m[2], 'PEM body');
}
