/** Worked refusals of the management user and customer routes for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';
import { MANAGED_USER_ID } from './management-users.examples';

export const USER_NOT_FOUND = refusal(
  "No such user of the vendor (another vendor's and erased users included)",
  404,
  'USER.NOT_FOUND',
  `no user ${MANAGED_USER_ID}`,
  { userId: MANAGED_USER_ID },
);

export const USER_IS_STAFF = refusal(
  'The user is a staff member of the vendor: the team manages them, not an API key',
  403,
  'USER.STAFF',
  'a staff member of the vendor is managed by the team, not through the management interface',
  { userId: MANAGED_USER_ID },
);

export const USER_EXISTS = refusal('The vendor has a user with this e-mail (`userId` names them)', 409, 'USER.EXISTS', 'the vendor has a user with this e-mail', {
  userId: MANAGED_USER_ID,
});

export const EMAIL_TAKEN = refusal('Another user of the vendor signs in with this e-mail', 409, 'USER.EMAIL_TAKEN', 'another user of the vendor signs in with this e-mail');

export const BAD_EMAIL = (description: string) =>
  refusal(description, 400, 'USER.BAD_EMAIL', 'not an e-mail address', { email: 'anna.example.com' });

export const WEAK_PASSWORD = refusal('Password too short or too long', 400, 'ACCOUNT.WEAK_PASSWORD', 'a password has 10 to 200 characters');

/**
 * The refusal of a bad metadata key, as the management user routes document it. The rule is engagement's (the
 * reader's metadata); identity sits below engagement, so it states the example here instead of importing it.
 */
export const BAD_METADATA_KEY = (description: string) =>
  refusal(description, 400, 'USER_METADATA.BAD_KEY', 'a metadata key is 1 to 64 letters, digits, underscores, dots, colons or hyphens', {
    key: 'news letter',
  });
