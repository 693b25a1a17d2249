import { Principal } from '@kiosk/domain/identity';
import { HttpProblem } from './problem';

/** The signed-in reader of a `user` route: the vendor of their token and their user id. */
export function readerOf(principal: Principal): { vendorId: string; userId: string } {
  if (principal.kind !== 'user') throw new HttpProblem(403, 'AUTH.READER_ONLY', 'this route is for signed-in readers');
  return { vendorId: principal.vendorId, userId: principal.userId };
}

/** Loose JSON schemas for responses whose shape the interface gives in prose. */
export const OBJECT = { type: 'object' } as const;
export const ARRAY = { type: 'array', items: { type: 'object' } } as const;
export const SUCCESS = { type: 'object', properties: { success: { type: 'boolean' } }, required: ['success'] } as const;
