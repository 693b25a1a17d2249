import { Address, CompanyInfo, ReaderProfile } from '@kiosk/domain/engagement';
import { ProfileAddressView, ProfileCompanyInfoView, ProfileView } from './profile.dto';

/** Every key with a value; an absent one as null (DESIGN.md 4). */
function nulls<T extends object>(value: T): { [K in keyof T]: Exclude<T[K], undefined> | null } {
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, v ?? null])) as { [K in keyof T]: Exclude<T[K], undefined> | null };
}

const addressView = (a: Address | null): ProfileAddressView | null =>
  a
    ? { country: a.country, ...nulls({ zip: a.zip, city: a.city, street: a.street, co: a.co, firstName: a.firstName, lastName: a.lastName }) }
    : null;

const companyView = (c: CompanyInfo | null): ProfileCompanyInfoView | null =>
  c ? nulls({ companyName: c.companyName, vatNr: c.vatNr, invoiceEmail: c.invoiceEmail }) : null;

/** Interface 2.7: identity's names and e-mail, engagement's details, tags and metadata; aliases mirror their fields. */
export function profileView(p: ReaderProfile): ProfileView {
  const { user, details } = p;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return nulls({
    userId: user.id,
    sub: user.id,
    email: user.email,
    emailVerified: false,
    firstName: user.firstName,
    lastName: user.lastName,
    given_name: user.firstName,
    family_name: user.lastName,
    name: name || details.nickname,
    nickname: details.nickname,
    locale: details.locale,
    picture: details.picture,
    mobilePhone: details.mobilePhone,
    phone_number: details.mobilePhone,
    workPhone: details.workPhone,
    homePhone: details.homePhone,
    tags: [...p.tags],
    user_metadata: { ...p.metadata },
    billingAddress: addressView(details.billingAddress),
    deliveryAddress: addressView(details.deliveryAddress),
    companyInfo: companyView(details.companyInfo),
    company: details.companyInfo?.companyName ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: (details.updatedAt > user.createdAt ? details.updatedAt : user.createdAt).toISOString(),
  }) as ProfileView;
}
