/** Worked refusals of the contract routes (reader and management) for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';
import { SEAT_USER_ID } from './contracts.examples';

/** A user without a seat on the contract: also the answer to taking the same seat back twice. */
export const SEAT_USER_NOT_FOUND = refusal('The user holds no seat on this contract (one taken back already included)', 404, 'CONTRACT.SEAT_USER_NOT_FOUND', `user ${SEAT_USER_ID} holds no seat on this contract`, {
  userId: SEAT_USER_ID,
});
