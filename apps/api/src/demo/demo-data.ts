import { fromMajor } from '@kiosk/domain';
import { UpdateBillingSettings } from '@kiosk/domain/billing';
import { CreateProduct, CreatePurchaseOption, CreateVendor, GetVendor } from '@kiosk/domain/catalog';
import { CreateApiKey, CreateStaffUser, IssueUserToken } from '@kiosk/domain/identity';
import { Container } from 'inversify';
import { StaffSignInLinks } from '../identity/identity.module';
import { setUpDemoSite } from './demo-site-setup';

export const DEMO_VENDOR_ID = 'demo';
/** The demo publisher's owner: signs in to the portal with it (the first start prints a one-time link). */
export const DEMO_OWNER_EMAIL = 'staff@demo.localhost';

/**
 * The demo newspaper as a real Swedish publisher would be on its invoices and
 * receipts (fictional, with valid check digits): legal name, address,
 * organisation and VAT number, and the bank account buyers pay to.
 */
export const DEMO_SELLER = {
  legalName: 'Demo Daily AB',
  street: 'Tidningsgatan 1',
  zip: '111 22',
  city: 'Stockholm',
  country: 'SE',
  organisationNumber: '5599001236',
  vatNumber: 'SE559900123601',
  iban: 'SE4550000000058398257466',
  bic: 'ESSESESS',
  bankgiro: '5050-1055',
} as const;

/**
 * A demo vendor with a staff user and a small catalogue, made through the
 * same use cases as the HTTP routes. Safe to run twice: what exists is kept.
 * With `withCredentials` it also makes an API key and a staff token (printed
 * by the command line, never logged).
 */
export async function loadDemoData(container: Container, options: { withCredentials: boolean }) {
  const exists = await container
    .get(GetVendor)
    .execute(DEMO_VENDOR_ID)
    .then(() => true)
    .catch(() => false);
  if (!exists) {
    await container.get(CreateVendor).execute({ id: DEMO_VENDOR_ID, name: 'Demo Daily', domains: ['demo.localhost'] });
    const createProduct = container.get(CreateProduct);
    const createOption = container.get(CreatePurchaseOption);
    await container.get(UpdateBillingSettings).execute({ vendorId: DEMO_VENDOR_ID, change: DEMO_SELLER });
    // A newspaper: news is taxed at its own rate (6 % in Sweden), not the standard 25 %.
    await createProduct.execute({ vendorId: DEMO_VENDOR_ID, sku: 'daily', title: 'Demo Daily', productType: 'publication', taxCategory: 'news' });
    await createProduct.execute({
      vendorId: DEMO_VENDOR_ID,
      sku: 'daily-multi',
      title: 'Demo Daily for teams',
      productType: 'license',
      taxCategory: 'news',
    });
    const base = { vendorId: DEMO_VENDOR_ID, taxIncluded: true, minQuantity: 1, maxQuantity: 1000 };
    await createOption.execute({
      ...base,
      id: 'daily-yearly',
      sku: 'daily',
      name: 'Yearly',
      price: fromMajor(1188, 'SEK'),
      recurring: { interval: 'YEAR', time: 1 },
      seatsPerUnit: 1,
    });
    await createOption.execute({
      ...base,
      id: 'daily-team-yearly',
      sku: 'daily-multi',
      name: 'Team, 5 seats per unit, yearly',
      price: fromMajor(4990, 'SEK'),
      recurring: { interval: 'YEAR', time: 1 },
      seatsPerUnit: 5,
    });
  }
  await setUpDemoSite(container, DEMO_VENDOR_ID);
  const staff = await container.get(CreateStaffUser).execute({ vendorId: DEMO_VENDOR_ID, email: DEMO_OWNER_EMAIL });
  if (!options.withCredentials) return { vendorId: DEMO_VENDOR_ID, staffUserId: staff.id };
  const { key, clientSecret } = await container
    .get(CreateApiKey)
    .execute({ actor: { kind: 'operator' }, vendorId: DEMO_VENDOR_ID, name: 'demo', role: 'full', grants: ['contracts:write'] });
  const staffToken = await container.get(IssueUserToken).execute({ vendorId: DEMO_VENDOR_ID, userId: staff.id });
  return {
    vendorId: DEMO_VENDOR_ID,
    staffUserId: staff.id,
    staffAccessToken: staffToken.accessToken,
    apiKey: { clientId: key.clientId, clientSecret },
  };
}

/** The demo owner's one-time portal sign-in link (printed once by `npm start` when it makes the demo). */
export async function demoOwnerSignInLink(container: Container): Promise<{ email: string; url: string; expiresAt: Date }> {
  const link = await container.get(StaffSignInLinks).mint(DEMO_VENDOR_ID, DEMO_OWNER_EMAIL);
  return { email: DEMO_OWNER_EMAIL, url: link.url, expiresAt: link.expiresAt };
}
