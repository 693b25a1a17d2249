import { IsOptional, IsString, MaxLength } from 'class-validator';
import { DomainError } from '@kiosk/domain';
import { Request } from 'express';
import { LanguageWish } from '../pages/page-language';
import { FormError } from '../pages/sign-in-pages';

/** The embedded provider's forms: their fields, read safely, and the answers they document. */
export class CredentialsForm {
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(400) password?: string;
}

export const HTML = { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } };
export const TOO_MANY_MAILS: FormError = { message: 'error.tooManyMails', fields: [] };
export const query = (req: Request, name: string) => {
  const value = req.query[name];
  // A sign-up link's sealed token holds the e-mail and the password hash: longer than other values.
  return typeof value === 'string' && value.length <= 4096 ? value : '';
};
/** The reader's language wish: `ui_locales` of the address (a mailed link carries it), then Accept-Language. */
export const wishOf = (req: Request): LanguageWish => ({ uiLocales: query(req, 'ui_locales') || null, acceptLanguage: req.headers['accept-language'] ?? null });
/** The named parameters of the request's query, for a form that posts back to the same link. */
export const linkQuery = (req: Request, names: string[]) =>
  new URLSearchParams(names.flatMap((n): [string, string][] => (n === 'token' || query(req, n) ? [[n, query(req, n)]] : []))).toString();
export const errorCode = (error: DomainError) => (error as { code?: string }).code;
export const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length <= 400 ? value : '';
};
