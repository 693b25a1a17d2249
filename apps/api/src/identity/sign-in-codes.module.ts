import { RequestSignInCode, VerifySignInCode } from '@kiosk/domain/identity';
import { EmbeddedMailer } from '../billing/billing.module';
import { MAIL } from '../mail/mail.module';
import { defineModule } from '../platform/modules';
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
  requires: ['identity', 'billing', 'catalog', 'mail'],
  register: ({ bind }) => {
    bind(SqlSignInCodes).toDynamicValue((c) => new SqlSignInCodes(c.get(TOKENS.DataSource)));
    bind(RequestSignInCode).toDynamicValue(
      (c) =>
        new RequestSignInCode(
          c.get(IDENTITY.Users),
          c.get(SqlSignInCodes),
          new RandomSignInCodeSecrets(),
          c.get(IDENTITY.Hasher),
          new MailerSignInCodeMail(c.get(EmbeddedMailer), c.get(MAIL.Audience)),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
        ),
    );
    bind(VerifySignInCode).toDynamicValue((c) => new VerifySignInCode(c.get(SqlSignInCodes), c.get(IDENTITY.Hasher), c.get(TOKENS.Clock)));
  },
});
