import { ConfirmSignUp, RequestPasswordReset, RequestSignUp, ResetPassword, SignIn, SignUp } from '../../identity';
import { InMemoryPasswordCredentials, InMemoryPasswordResetTokens, InMemorySignUpLinks, PlainPasswordHasher, RecordingAccountMail } from '../in-memory-accounts';
import { KioskCore } from './core';

/** Readers' accounts: sign-up (at once, or by a mailed link), sign-in and password reset. */
export function wireAccounts(core: KioskCore) {
  const { clock, ids, users } = core;
  const credentials = new InMemoryPasswordCredentials();
  const hasher = new PlainPasswordHasher();
  const links = new InMemorySignUpLinks();
  const resetTokens = new InMemoryPasswordResetTokens();
  const mail = new RecordingAccountMail();
  return {
    repositories: { credentials, links, resetTokens },
    mail,
    useCases: {
      signUp: new SignUp(users, credentials, hasher, ids, clock),
      requestSignUp: new RequestSignUp(users, credentials, hasher, links, resetTokens, mail, clock),
      confirmSignUp: new ConfirmSignUp(users, credentials, links, ids, clock),
      signIn: new SignIn(users, credentials, hasher),
      requestPasswordReset: new RequestPasswordReset(users, resetTokens, mail, clock),
      resetPassword: new ResetPassword(resetTokens, credentials, hasher, clock),
    },
  };
}
