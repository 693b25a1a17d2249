/** Worked refusals of the access-list routes for the OpenAPI document. */
import { refusal } from '../../platform/http/problem-examples';
import { GRANT_ID } from './access-lists.examples';

/** A grant the list does not hold: also the answer to a repeated removal. */
export const GRANT_NOT_FOUND = refusal('No such grant on this access list (one removed already included)', 404, 'GRANT.NOT_FOUND', `no grant ${GRANT_ID} on this access list`, {
  grantId: GRANT_ID,
});
