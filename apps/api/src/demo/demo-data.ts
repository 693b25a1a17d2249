import { fromMajor } from '@kiosk/domain';
import { CreateProduct, CreatePurchaseOption, CreateVendor, GetVendor } from '@kiosk/domain/catalog';
import { CreateApiKey, CreateStaffUser, IssueUserToken } from '@kiosk/domain/identity';
import { Container } from 'inversify';
import { setUpDemoSite } from './demo-site-setup';

export const DEMO_VENDOR_ID = 'demo';

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
    await createProduct.execute({ vendorId: DEMO_VENDOR_ID, sku: 'daily', title: 'Demo Daily', productType: 'publication' });
    await createProduct.execute({
      vendorId: DEMO_VENDOR_ID,
      sku: 'daily-multi',
      title: 'Demo Daily for teams',
      productType: 'license',
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
  const staff = await container.get(CreateStaffUser).execute({ vendorId: DEMO_VENDOR_ID, email: 'staff@demo.localhost' });
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
