/** Worked refusals of the paywall and strategy management routes for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';
import { PAYWALL_ID, STRATEGY_ID } from './paywalls.examples';

/** A `{version}` that is not a whole number, as the version routes word it. */
export const BAD_VERSION = refusal('The version is not a whole number', 400, 'REQUEST.INVALID', 'version must be a whole number', {
  errors: [{ field: 'version', messages: ['version must be a whole number of at most 9 digits'] }],
});

export const PAYWALL_ARCHIVED = refusal('The paywall is archived', 409, 'PAYWALL.ARCHIVED', `paywall ${PAYWALL_ID} is archived and cannot change`, { paywallId: PAYWALL_ID });

export const STRATEGY_ARCHIVED = refusal('The strategy is archived', 409, 'STRATEGY.ARCHIVED', `strategy ${STRATEGY_ID} is archived and cannot change`, {
  strategyId: STRATEGY_ID,
});
