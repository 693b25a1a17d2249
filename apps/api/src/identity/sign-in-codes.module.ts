import { RequestSignInCode, VerifySignInCode } from '@kiosk/domain/identity';
import { boundAbove, defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { IDENTITY } from './identity.module';
import { MailerSignInCodeMail, RandomSignInCodeSecrets, SqlSignInCodes } from './sign-in-codes';

/**
 * Mailed sign-in codes (DESIGN.md 6, "Passwordless sign-in"): one primitive
 * for the sign-in pages and for the receipt of a checkout paid with an
 * existing account's e-mail. Its own part of identity, so that checkout can
 * use it without the sign-in pages (which use checkout).
 */
export const signInCodesModule = defineModule({
  name: 'identity:codes',
  requires: ['identity'],
  register: ({ bind }) => {
    bind(SqlSignInCodes).toDynamicValue((c) => new SqlSignInCodes(c.get(TOKENS.DataSource)));
    bind(RequestSignInCode).toDynamicValue(
      (c) =>
        new RequestSignInCode(
          c.get(IDENTITY.Users),
          c.get(SqlSignInCodes),
          new RandomSignInCodeSecrets(),
          c.get(IDENTITY.Hasher),
          new MailerSignInCodeMail(boundAbove(c, IDENTITY.Mailer), boundAbove(c, IDENTITY.MailAudience)),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
        ),
    );
    bind(VerifySignInCode).toDynamicValue((c) => new VerifySignInCode(c.get(SqlSignInCodes), c.get(IDENTITY.Hasher), c.get(TOKENS.Clock)));
  },
});
