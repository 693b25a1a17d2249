import { changeProduct, createProduct, createPurchaseOption } from '../../catalog/index';
import { Product } from '../../catalog/product';
import { ProductRepository, PurchaseOptionRepository } from '../../catalog/ports';
import { PurchaseOption } from '../../catalog/purchase-option';
import { money } from '../../shared/money';
import { minutesLater, SUITE_START } from './contract-builders';
import { ContractCase, same } from './contract-case';

/**
 * What every ProductRepository and PurchaseOptionRepository must do
 * (catalog/ports.ts): a sku (an option id) once per vendor, `add` refusing a
 * taken one with false, tenancy by vendor. A fixture holds no product or
 * option of its two vendors (which exist, for stores that check).
 */
export interface ProductRepositoryFixture {
  readonly products: ProductRepository;
  readonly vendorId: string;
  readonly otherVendorId: string;
}

/** Options belong to products, so the fixture has both (a database keeps the option's product as a foreign key). */
export interface PurchaseOptionRepositoryFixture extends ProductRepositoryFixture {
  readonly options: PurchaseOptionRepository;
}

/** A product with every optional field set, so a round trip shows each one. */
const fullProduct = (vendorId: string, sku: string, title = 'Daily News'): Product =>
  createProduct(
    vendorId,
    sku,
    { title, productType: 'publication', cover: 'https://cdn.example/news.png', language: 'sv', publisherContentId: `content-${sku}`, taxCategory: 'news' },
    SUITE_START,
  );

const bareProduct = (vendorId: string, sku: string): Product => createProduct(vendorId, sku, { title: 'Bare', productType: 'article' }, SUITE_START);

const monthly = (vendorId: string, id: string, sku = 'news'): PurchaseOption =>
  createPurchaseOption(
    {
      vendorId,
      sku,
      id,
      name: 'Monthly',
      price: money(9_900, 'SEK'),
      taxIncluded: true,
      recurring: { interval: 'MONTH', time: 3 },
      seatsPerUnit: 5,
      minQuantity: 2,
      maxQuantity: 40,
    },
    SUITE_START,
  );

const oneTime = (vendorId: string, id: string, sku = 'news'): PurchaseOption =>
  createPurchaseOption(
    {
      vendorId,
      sku,
      id,
      name: 'Single issue',
      price: money(12_345_678_901, 'EUR'),
      taxIncluded: false,
      recurring: null,
      seatsPerUnit: 1,
      minQuantity: 1,
      maxQuantity: 1,
    },
    minutesLater(1),
  );

const bySku = (products: Product[]) => [...products].sort((a, b) => (a.sku < b.sku ? -1 : 1));
const byId = (options: PurchaseOption[]) => [...options].sort((a, b) => (a.id < b.id ? -1 : 1));

export const PRODUCT_REPOSITORY_CONTRACT: readonly ContractCase<ProductRepositoryFixture>[] = [
  {
    name: "finds a product as it was added, every field; another vendor finds and lists nothing of it",
    async run(f) {
      const full = fullProduct(f.vendorId, 'news');
      const bare = bareProduct(f.vendorId, 'bare');
      same(await f.products.add(full), true, 'the first add');
      same(await f.products.add(bare), true, 'the second add');
      same(await f.products.find(f.vendorId, 'news'), full, 'the product with every field');
      same(await f.products.find(f.vendorId, 'bare'), bare, 'the product with the defaults');
      same(await f.products.find(f.otherVendorId, 'news'), null, "another vendor's find");
      same(await f.products.list(f.otherVendorId), [], "another vendor's list");
      same(await f.products.find(f.vendorId, 'nope'), null, 'an unknown sku');
    },
  },
  {
    name: 'adding a sku the vendor already has answers false and keeps the first; another vendor may have the same sku',
    async run(f) {
      const first = fullProduct(f.vendorId, 'news', 'First');
      await f.products.add(first);
      same(await f.products.add(fullProduct(f.vendorId, 'news', 'Second')), false, 'the second add of the sku');
      same(await f.products.find(f.vendorId, 'news'), first, 'the stored product');
      const theirs = fullProduct(f.otherVendorId, 'news', 'Theirs');
      same(await f.products.add(theirs), true, "another vendor's add of the same sku");
      same(await f.products.find(f.otherVendorId, 'news'), theirs, "another vendor's product");
      same(await f.products.find(f.vendorId, 'news'), first, 'the first vendor keeps its own');
    },
  },
  {
    name: "save stores every changed field of the product; another vendor's product of the same sku is not changed",
    async run(f) {
      await f.products.add(fullProduct(f.vendorId, 'news'));
      const theirs = fullProduct(f.otherVendorId, 'news');
      await f.products.add(theirs);
      const changed = changeProduct(
        fullProduct(f.vendorId, 'news'),
        { title: 'Weekly News', productType: 'podcast', cover: null, language: 'en', publisherContentId: null, taxCategory: 'standard' },
        minutesLater(5),
      );
      await f.products.save(changed);
      same(await f.products.find(f.vendorId, 'news'), changed, 'the saved product');
      same(await f.products.find(f.otherVendorId, 'news'), theirs, "another vendor's product after the save");
    },
  },
  {
    name: 'save changes a stored product only: saving one that was never added stores nothing (add is how a product comes in)',
    async run(f) {
      await f.products.save(fullProduct(f.vendorId, 'never-added'));
      same(await f.products.find(f.vendorId, 'never-added'), null, 'the product saved without an add');
      same(await f.products.list(f.vendorId), [], "the vendor's products");
    },
  },
  {
    name: "lists every product of the vendor and none of another vendor's",
    async run(f) {
      const mine = [fullProduct(f.vendorId, 'news'), bareProduct(f.vendorId, 'article-1'), bareProduct(f.vendorId, 'zine')];
      for (const p of mine) await f.products.add(p);
      await f.products.add(bareProduct(f.otherVendorId, 'theirs'));
      same(bySku(await f.products.list(f.vendorId)), bySku(mine), "the vendor's products (by sku)");
    },
  },
];

export const PURCHASE_OPTION_REPOSITORY_CONTRACT: readonly ContractCase<PurchaseOptionRepositoryFixture>[] = [
  {
    name: 'finds an option as it was added, every field (a recurring one and a one-time one); another vendor finds and lists nothing',
    async run(f) {
      await f.products.add(fullProduct(f.vendorId, 'news'));
      const recurring = monthly(f.vendorId, 'po-month');
      const single = oneTime(f.vendorId, 'po-issue');
      same(await f.options.add(recurring), true, 'the first add');
      same(await f.options.add(single), true, 'the second add');
      same(await f.options.find(f.vendorId, 'po-month'), recurring, 'the recurring option');
      same(await f.options.find(f.vendorId, 'po-issue'), single, 'the one-time option');
      same(await f.options.find(f.otherVendorId, 'po-month'), null, "another vendor's find");
      same(await f.options.listForProduct(f.otherVendorId, 'news'), [], "another vendor's list");
      same(await f.options.find(f.vendorId, 'nope'), null, 'an unknown option');
    },
  },
  {
    name: 'adding an option id the vendor already has answers false and keeps the first, even for another product; another vendor may use the id',
    async run(f) {
      await f.products.add(fullProduct(f.vendorId, 'news'));
      await f.products.add(bareProduct(f.vendorId, 'sport'));
      const first = monthly(f.vendorId, 'po-1');
      await f.options.add(first);
      same(await f.options.add(oneTime(f.vendorId, 'po-1', 'sport')), false, 'the same id for another product');
      same(await f.options.find(f.vendorId, 'po-1'), first, 'the stored option');
      same(await f.options.listForProduct(f.vendorId, 'sport'), [], "the other product's options");
      await f.products.add(fullProduct(f.otherVendorId, 'news'));
      const theirs = oneTime(f.otherVendorId, 'po-1');
      same(await f.options.add(theirs), true, "another vendor's add of the same id");
      same(await f.options.find(f.otherVendorId, 'po-1'), theirs, "another vendor's option");
      same(await f.options.find(f.vendorId, 'po-1'), first, 'the first vendor keeps its own');
    },
  },
  {
    name: "lists a product's options: every one of that product, none of another product or vendor",
    async run(f) {
      await f.products.add(fullProduct(f.vendorId, 'news'));
      await f.products.add(bareProduct(f.vendorId, 'sport'));
      await f.products.add(fullProduct(f.otherVendorId, 'news'));
      const news = [monthly(f.vendorId, 'po-b'), oneTime(f.vendorId, 'po-a')];
      for (const o of news) await f.options.add(o);
      await f.options.add(monthly(f.vendorId, 'po-sport', 'sport'));
      await f.options.add(monthly(f.otherVendorId, 'po-theirs'));
      same(byId(await f.options.listForProduct(f.vendorId, 'news')), byId(news), "news's options (by id)");
      same(await f.options.listForProduct(f.vendorId, 'nope'), [], 'the options of an unknown product');
    },
  },
];
