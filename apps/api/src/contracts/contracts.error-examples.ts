/** Worked refusals of the contract routes (reader and management) for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';
import { AMENDMENT_ID, CONTRACT_ID, SEAT_USER_ID } from './contracts.examples';

/** A user without a seat on the contract: also the answer to taking the same seat back twice. */
export const SEAT_USER_NOT_FOUND = refusal('The user holds no seat on this contract (one taken back already included)', 404, 'CONTRACT.SEAT_USER_NOT_FOUND', `user ${SEAT_USER_ID} holds no seat on this contract`, {
  userId: SEAT_USER_ID,
});

/** A contract (or subscription) the reader does not have: another reader's or vendor's is the same 404. */
export const CONTRACT_NOT_FOUND = refusal("No such record of the reader (another reader's or vendor's included)", 404, 'CONTRACT.NOT_FOUND', `no contract ${CONTRACT_ID}`, {
  contractId: CONTRACT_ID,
});

export const BAD_AMENDMENT = refusal(
  'Invalid body; the option is no path of this contract or goes the other way',
  400,
  'AMENDMENT.INVALID',
  'purchase option monthly-lite is a DOWNGRADE, not an UPGRADE',
  { purchaseOptionId: 'monthly-lite', type: 'DOWNGRADE' },
);

export const NOT_AMENDABLE = refusal(
  'The contract cannot be changed (not ACTIVE, one-time, set to cancel)',
  409,
  'CONTRACT.NOT_AMENDABLE',
  `contract ${CONTRACT_ID} cannot be changed: it is set to cancel at the end of its period`,
  { contractId: CONTRACT_ID, why: 'it is set to cancel at the end of its period' },
);

export const AMENDMENT_NOT_FOUND = refusal("No such record of the reader (another reader's or vendor's included)", 404, 'AMENDMENT.NOT_FOUND', `no amendment ${AMENDMENT_ID}`, {
  amendmentId: AMENDMENT_ID,
});

export const AMENDMENT_NOT_CONFIRMABLE = refusal(
  'The amendment is REJECTED, or the contract can no longer be changed',
  409,
  'AMENDMENT.NOT_CONFIRMABLE',
  `amendment ${AMENDMENT_ID} is REJECTED and cannot be confirmed`,
  { amendmentId: AMENDMENT_ID, status: 'REJECTED' },
);

export const ALREADY_CANCELED = refusal(
  'The contract has already ended (problem+json `CONTRACT.ALREADY_CANCELED`)',
  409,
  'CONTRACT.ALREADY_CANCELED',
  `contract ${CONTRACT_ID} is already canceled`,
  { contractId: CONTRACT_ID },
);
