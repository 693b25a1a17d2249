import { CreateProduct, CreatePurchaseOption } from '@kiosk/domain/catalog';
import { CreateDiscountCode } from '@kiosk/domain/contracts';
import { money } from '@kiosk/domain';
import { givenEngagementVendor } from '../engagement/support';
import { TestApp } from '../support/harness';

/**
 * A vendor selling `news` (a publication, 99 SEK a month) and `book` (an
 * ebook, 49.50 SEK once, content id `a-book`), with a discount code HALF
 * (50 % off the first bill of `news-monthly`), a browser client for visitors
 * and helpers for readers.
 */
export async function givenShop(app: TestApp) {
  const v = await givenEngagementVendor(app);
  const c = app.runtime.container;
  await c.get(CreateProduct).execute({ vendorId: v.vendorId, sku: 'news', title: 'Daily News', productType: 'publication' });
  await c.get(CreatePurchaseOption).execute({
    id: 'news-monthly', vendorId: v.vendorId, sku: 'news', name: 'Monthly', price: money(9_900, 'SEK'), taxIncluded: true,
    recurring: { interval: 'MONTH', time: 1 }, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 1,
  });
  await c.get(CreateProduct).execute({ vendorId: v.vendorId, sku: 'book', title: 'A Book', productType: 'ebook', publisherContentId: 'a-book' });
  await c.get(CreatePurchaseOption).execute({
    id: 'book-once', vendorId: v.vendorId, sku: 'book', name: 'Buy once', price: money(4_950, 'SEK'), taxIncluded: true,
    recurring: null, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 1,
  });
  await c.get(CreateDiscountCode).execute({
    vendorId: v.vendorId, code: 'HALF', name: 'Half price', description: 'Half off the first month',
    value: { kind: 'percentage', percentage: 50 }, duration: { kind: 'bills', count: 1 }, purchaseOptionIds: ['news-monthly'],
    validFrom: null, validUntil: null, maxRedemptions: null,
  });
  return v;
}

/** An hour in milliseconds (checkout lifetimes are set in hours). */
export const HOUR = 3_600_000;

export const rowsOf = (app: TestApp, table: string, where: string, params: unknown[]) =>
  app.runtime.database.db.query(`SELECT * FROM ${table} WHERE ${where}`, params);

/** The hosted page's path of a checkout (`checkoutUrl` without the base). */
export const pagePath = (checkoutUrl: string, page = '') => {
  const url = new URL(checkoutUrl);
  return `${url.pathname}${page}${url.search}`;
};
