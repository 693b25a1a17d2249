import fc from 'fast-check';
import { CreateProduct, CreatePurchaseOption, CreateVendor, ListProducts, UpdateProduct } from '../src/catalog';
import { fromMajor, money, toMajor } from '../src/shared';
import {
  FakeClock,
  InMemoryProductRepository,
  InMemoryPurchaseOptionRepository,
  InMemoryVendorRepository,
} from '../src/testing';

describe('catalog', () => {
  const setup = () => {
    const clock = new FakeClock();
    const vendors = new InMemoryVendorRepository();
    const products = new InMemoryProductRepository();
    const options = new InMemoryPurchaseOptionRepository();
    return {
      clock,
      createVendor: new CreateVendor(vendors, clock),
      createProduct: new CreateProduct(products, vendors, clock),
      updateProduct: new UpdateProduct(products, clock),
      listProducts: new ListProducts(products),
      createOption: new CreatePurchaseOption(options, products, clock),
    };
  };

  it('validates vendor ids and domains, and refuses a second vendor with the same id', async () => {
    const s = setup();
    await expect(s.createVendor.execute({ id: 'Bad Id', name: 'x' })).rejects.toMatchObject({ code: 'VENDOR.BAD_ID' });
    await expect(s.createVendor.execute({ id: 'ok', name: 'x', domains: ['not a host'] })).rejects.toMatchObject({
      code: 'VENDOR.BAD_DOMAIN',
    });
    const vendor = await s.createVendor.execute({ id: 'acme', name: ' Acme ', domains: ['News.Acme.test'] });
    expect(vendor).toMatchObject({ name: 'Acme', domains: ['news.acme.test'] });
    await expect(s.createVendor.execute({ id: 'acme', name: 'again' })).rejects.toMatchObject({ kind: 'conflict' });
  });

  it('creates, updates and lists products per vendor, and options only for existing products', async () => {
    const s = setup();
    await s.createVendor.execute({ id: 'acme', name: 'Acme' });
    await s.createVendor.execute({ id: 'other', name: 'Other' });
    await s.createProduct.execute({ vendorId: 'acme', sku: 'news', title: 'News', productType: 'publication' });
    await s.createProduct.execute({ vendorId: 'other', sku: 'news', title: 'Theirs', productType: 'article' });
    s.clock.advance(5000);
    const updated = await s.updateProduct.execute({ vendorId: 'acme', sku: 'news', change: { title: 'Daily News' } });
    expect(updated.updatedAt.getTime() - updated.createdAt.getTime()).toBe(5000);
    expect((await s.listProducts.execute('acme')).map((p) => p.title)).toEqual(['Daily News']);
    await expect(
      s.updateProduct.execute({ vendorId: 'acme', sku: 'missing', change: { title: 'x' } }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    const option = {
      id: 'po-1',
      vendorId: 'acme',
      sku: 'news',
      name: 'Yearly',
      price: money(99_900, 'SEK'),
      taxIncluded: true,
      recurring: { interval: 'YEAR' as const, time: 1 },
      seatsPerUnit: 1,
      minQuantity: 1,
      maxQuantity: 10,
    };
    await s.createOption.execute(option);
    await expect(s.createOption.execute({ ...option, sku: 'missing', id: 'po-2' })).rejects.toMatchObject({
      code: 'PRODUCT.NOT_FOUND',
    });
    await expect(s.createOption.execute({ ...option, id: 'po-3', minQuantity: 5, maxQuantity: 2 })).rejects.toMatchObject(
      { code: 'PURCHASE_OPTION.BAD_QUANTITY_LIMITS' },
    );
  });

  it('converts money between major and minor units without drift', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 ** 12 }), (minor) => {
        expect(fromMajor(toMajor(money(minor, 'EUR')), 'EUR').minor).toBe(minor);
      }),
    );
    expect(() => fromMajor(1.005, 'EUR')).toThrow(/decimals/);
  });
});
