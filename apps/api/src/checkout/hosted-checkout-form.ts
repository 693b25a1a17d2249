import { CheckoutRequest, CheckoutSnapshot } from '@kiosk/domain/checkout';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The hosted pages' query: the link's token. */
export class PageQuery {
  @IsOptional() @IsString() @MaxLength(64) t?: string;
  /** The reader's languages, best first (OpenID `ui_locales`): the page speaks the first it knows. */
  @IsOptional() @IsString() @MaxLength(200) ui_locales?: string;
}

const S = 500;
/** The hosted page's forms; every field optional, checked by the domain. */
export class CheckoutForm {
  @IsOptional() @IsString() @MaxLength(S) buyerEmail?: string;
  @IsOptional() @IsString() @MaxLength(S) recipientEmail?: string;
  @IsOptional() @IsString() @MaxLength(8) gift?: string;
  @IsOptional() @IsString() @MaxLength(S) givenName?: string;
  @IsOptional() @IsString() @MaxLength(S) familyName?: string;
  @IsOptional() @IsString() @MaxLength(64) phoneNumber?: string;
  @IsOptional() @IsString() @MaxLength(32) birthDate?: string;
  @IsOptional() @IsString() @MaxLength(S) referralEmail?: string;
  @IsOptional() @IsString() @MaxLength(S) address_street?: string;
  @IsOptional() @IsString() @MaxLength(32) address_zip?: string;
  @IsOptional() @IsString() @MaxLength(S) address_city?: string;
  @IsOptional() @IsString() @MaxLength(8) address_country?: string;
  @IsOptional() @IsString() @MaxLength(8) isBusiness?: string;
  @IsOptional() @IsString() @MaxLength(S) companyName?: string;
  @IsOptional() @IsString() @MaxLength(64) vatNumber?: string;
  @IsOptional() @IsString() @MaxLength(S) business_street?: string;
  @IsOptional() @IsString() @MaxLength(32) business_zip?: string;
  @IsOptional() @IsString() @MaxLength(S) business_city?: string;
  @IsOptional() @IsString() @MaxLength(8) business_country?: string;
  @IsOptional() @IsString() @MaxLength(140) payment?: string;
  /** The country of residence the buyer chose in the step that asks it (two letters). */
  @IsOptional() @IsString() @MaxLength(8) residenceCountry?: string;
  @IsOptional() @IsString() @MaxLength(32) cardNumber?: string;
  @IsOptional() @IsString() @MaxLength(16) expiry?: string;
  @IsOptional() @IsString() @MaxLength(8) cvc?: string;
  @IsOptional() @IsString() @MaxLength(64) code?: string;
  @IsOptional() @IsString() @MaxLength(16) decision?: string;
}

/** The checkout's changes a submitted form asks for. */
export function formRequest(form: CheckoutForm, signedIn: boolean, s: CheckoutSnapshot): CheckoutRequest {
  const text = (value: string | undefined) => (value === undefined ? undefined : value.trim() === '' ? null : value.trim());
  const gift = form.gift === 'on';
  const business = form.isBusiness === 'on';
  const request: CheckoutRequest = {
    givenName: text(form.givenName),
    familyName: text(form.familyName),
    phoneNumber: text(form.phoneNumber),
    birthDate: text(form.birthDate),
    referralEmail: text(form.referralEmail),
    companyName: text(form.companyName),
    vatNumber: text(form.vatNumber),
  };
  if (s.details.requireAddress || form.address_street !== undefined) {
    request.address = { street: form.address_street, zip: form.address_zip, city: form.address_city, country: form.address_country };
  }
  if (form.isBusiness !== undefined || form.business_street !== undefined) {
    request.isBusiness = business;
    request.businessAddress = { street: form.business_street, zip: form.business_zip, city: form.business_city, country: form.business_country };
  } else if (s.details.isBusiness) {
    request.isBusiness = false;
  }
  if (form.residenceCountry !== undefined) request.residenceCountry = text(form.residenceCountry) ?? null;
  request.giftMode = gift;
  if (gift) {
    request.email = text(form.recipientEmail) ?? null;
    if (!signedIn) request.payerEmail = text(form.buyerEmail) ?? null;
  } else {
    if (!signedIn) request.email = text(form.buyerEmail) ?? null;
    request.payerEmail = null;
  }
  if (form.payment) {
    const [provider, method] = form.payment.split(':');
    if (provider && method) request.paymentData = { provider, method };
  }
  return request;
}
