/** Worked answers of the invitation link when it cannot be used, for the OpenAPI document: pages for people. */
import { htmlPage } from '../../platform/http/problem-examples';

export const INVITATION_OTHER_EMAIL_PAGE = htmlPage(
  'Signed in with another e-mail address',
  'Another account is signed in',
  'this invitation is for another e-mail address; sign in as maria.lind@daily.example.com',
);

export const INVITATION_UNKNOWN_PAGE = htmlPage('Unknown link', 'Invitation not found', 'this invitation link is not known (mistyped, or from another service)');

export const INVITATION_SPENT_PAGE = htmlPage(
  'Expired, used or withdrawn',
  'Invitation no longer valid',
  'this invitation has expired (they last 7 days); ask the owner for a new one',
);
