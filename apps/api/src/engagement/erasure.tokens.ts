import { PersonalDataEraser } from '@kiosk/domain/engagement';
import { ServiceIdentifier } from 'inversify';
import { UserLiveness } from './erasure-liveness';

/**
 * Multi-bound: one PersonalDataEraser per module that holds personal data.
 * A module that adds personal data binds its own eraser here
 * (`bind(ERASURE_TOKENS.PersonalDataEraser).toDynamicValue(...)`); DELETE
 * /profile runs them all in one transaction.
 */
export const ERASURE_TOKENS = {
  PersonalDataEraser: Symbol.for('PersonalDataEraser') as ServiceIdentifier<PersonalDataEraser>,
  UserLiveness: Symbol.for('UserLiveness') as ServiceIdentifier<UserLiveness>,
};
