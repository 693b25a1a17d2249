import { Address, CompanyInfo, ReaderProfile } from '@kiosk/domain/engagement';
import { ProfileAddressView, ProfileCompanyInfoView, ProfileView } from './profile.dto';

/** Leaves out keys whose value is null or undefined. */
function present<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined)) as T;
}

const addressView = (a: Address | null): ProfileAddressView | undefined => (a ? present({ ...a }) as ProfileAddressView : undefined);

const companyView = (c: CompanyInfo | null): ProfileCompanyInfoView | undefined => {
  if (!c) return undefined;
  const view = present({ ...c }) as ProfileCompanyInfoView;
  return Object.keys(view).length > 0 ? view : undefined;
};

/** Interface 2.7: identity's names and e-mail, engagement's details, tags and metadata; aliases mirror their fields. */
export function profileView(p: ReaderProfile): ProfileView {
  const { user, details } = p;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return present({
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
