import { SavedBy } from '@kiosk/domain/paywalls';
import { Principal } from '@kiosk/domain/identity';
import { HttpProblem } from '../platform/http/problem';

/** What the management routes of paywalls, strategies and link tiers share. */
export const READ = { kind: 'bearer', scope: 'sites:read' } as const;
export const WRITE = { kind: 'bearer', scope: 'sites:write' } as const;

/** Who saves, for the version history: an API key's client id or a staff member's user id; null otherwise. */
export function savedByOf(principal: Principal): SavedBy | null {
  if (principal.kind === 'api_key') return { kind: 'API_KEY', id: principal.clientId };
  if (principal.kind === 'user' && principal.staff) return { kind: 'STAFF', id: principal.userId };
  return null;
}

/** A version number in the path: digits only (else 400 naming `version`); 0 and numbers never saved are a 404. */
export function versionParam(value: string): number {
  if (!/^\d{1,9}$/.test(value)) {
    throw new HttpProblem(400, 'REQUEST.INVALID', 'version must be a whole number', {
      // The shape of every field error (`messages`, a list), as the Problem schema says.
      errors: [{ field: 'version', messages: ['version must be a whole number of at most 9 digits'] }],
    });
  }
  return Number(value);
}
