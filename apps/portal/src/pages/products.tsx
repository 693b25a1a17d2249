import { useState } from 'preact/hooks';
import { get, post } from '../api';
import { ActionForm, day, Field, LoadState, money, PageHeading, ReadOnlyNote, Table, useCan, useLoad, vendorCurrency } from '../ui';

interface Product {
  sku: string;
  title: string;
  productType: string;
  taxCategory: string;
  language: string | null;
  createdAt: string;
}

interface PurchaseOption {
  id: string;
  sku: string;
  name: string;
  price: number;
  currency: string;
  recurring: { interval: string; time: number } | null;
  seatsPerUnit: number;
}

interface DiscountCode {
  id: string;
  code: string;
  name: string;
  percentage: number | null;
  amount: number | null;
  currency: string | null;
  bills: number | null;
}

export const PRODUCT_TYPES = ['publication', 'article', 'audiobook', 'ebook', 'bundle', 'podcast', 'pass', 'physical_issue', 'license'] as const;
const TAX_CATEGORIES = ['standard', 'news', 'book', 'audiobook', 'e_publication', 'physical_periodical'] as const;
const INTERVALS: [string, string][] = [
  ['', 'One-time purchase'],
  ['DAY', 'Every day(s)'],
  ['WEEK', 'Every week(s)'],
  ['MONTH', 'Every month(s)'],
  ['YEAR', 'Every year(s)'],
];

function cycle(option: PurchaseOption): string {
  if (!option.recurring) return 'one-time';
  const unit = option.recurring.interval.toLowerCase();
  return option.recurring.time === 1 ? `every ${unit}` : `every ${option.recurring.time} ${unit}s`;
}

function PurchaseOptionForm({ sku, onAdded }: { sku: string; onAdded: () => void }) {
  return (
    <ActionForm
      label={`Add a purchase option to ${sku}`}
      submit="Add purchase option"
      onSubmit={async (v) => {
        const option = await post<PurchaseOption>(`/management/products/${encodeURIComponent(sku)}/purchase-options`, {
          id: v.id,
          name: v.name,
          price: Number(v.price),
          currency: v.currency.toUpperCase(),
          ...(v.interval ? { recurring: { interval: v.interval, time: Number(v.time || '1') } } : {}),
          ...(v.seatsPerUnit ? { seatsPerUnit: Number(v.seatsPerUnit) } : {}),
        });
        onAdded();
        return `Purchase option ${option.name} added.`;
      }}
    >
      <div class="grid">
        <Field label="Option ID" name="id" required hint="Letters, digits, dot, dash or underscore, e.g. monthly." />
        <Field label="Name" name="name" required />
        <Field label="Price" name="price" type="number" step="0.01" min="0" required hint="In major units, e.g. 99.50." />
        <Field label="Currency" name="currency" required value={vendorCurrency()} hint="Three letters, e.g. EUR, SEK." />
        <Field label="Billing cycle" name="interval" options={INTERVALS} />
        <Field label="Cycle length" name="time" type="number" min="1" value="1" hint="How many days, weeks, months or years a cycle lasts." />
        <Field label="Seats per unit" name="seatsPerUnit" type="number" min="1" hint="More than 1 for a team licence." />
      </div>
    </ActionForm>
  );
}

function ProductRow({ product, canWrite }: { product: Product; canWrite: boolean }) {
  const [open, setOpen] = useState(false);
  const options = useLoad(() => get<PurchaseOption[]>(`/management/products/${encodeURIComponent(product.sku)}/purchase-options`), `options:${product.sku}`);
  return (
    <li class="card product">
      <h3>
        {product.title} <span class="muted">({product.sku})</span>
      </h3>
      <p class="muted">
        {product.productType.replace('_', ' ')} · tax category {product.taxCategory.replace('_', ' ')} · since {day(product.createdAt)}
      </p>
      <LoadState loaded={options} empty="No purchase option yet: readers cannot buy it." />
      {options.data?.length ? (
        <ul class="options" aria-label={`Purchase options of ${product.title}`}>
          {options.data.map((o) => (
            <li>
              {o.name} ({o.id}): {money(o.price, o.currency)}, {cycle(o)}
              {o.seatsPerUnit > 1 ? `, ${o.seatsPerUnit} seats per unit` : ''}
            </li>
          ))}
        </ul>
      ) : null}
      {canWrite ? (
        <>
          <button type="button" class="secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Close' : 'Add a purchase option'}
            <span class="visually-hidden"> to {product.title}</span>
          </button>
          {open ? <PurchaseOptionForm sku={product.sku} onAdded={options.reload} /> : null}
        </>
      ) : null}
    </li>
  );
}

function DiscountCodes() {
  const canWrite = useCan('products:write');
  const codes = useLoad(() => get<DiscountCode[]>('/management/discount-codes'), 'codes');
  return (
    <section aria-labelledby="codes-heading">
      <h2 id="codes-heading">Discount codes</h2>
      <LoadState loaded={codes} empty="No discount codes yet." />
      {codes.data?.length ? (
        <Table
          caption="Discount codes"
          head={['Code', 'Name', 'Value', 'Bills']}
          rows={codes.data.map((c) => [
            c.code,
            c.name,
            c.percentage !== null ? `${c.percentage} %` : money(c.amount, c.currency),
            c.bills === null ? 'every bill' : String(c.bills),
          ])}
        />
      ) : null}
      {canWrite ? (
        <ActionForm
          label="New discount code"
          submit="Create discount code"
          onSubmit={async (v) => {
            const value = v.kind === 'amount' ? { amount: Number(v.value), currency: v.currency.toUpperCase() } : { percentage: Number(v.value) };
            await post('/management/discount-codes', { code: v.code, name: v.name, value, ...(v.bills ? { bills: Number(v.bills) } : {}) });
            codes.reload();
            return `Discount code ${v.code} created.`;
          }}
        >
          <div class="grid">
            <Field label="Code" name="code" required />
            <Field label="Name" name="name" required />
            <Field label="Kind" name="kind" options={[['percentage', 'Percentage off'], ['amount', 'Amount off']]} />
            <Field label="Value" name="value" type="number" step="0.01" min="0.01" required />
            <Field label="Currency (for an amount)" name="currency" value={vendorCurrency()} />
            <Field label="Number of bills" name="bills" type="number" min="1" hint="Leave empty for every bill." />
          </div>
        </ActionForm>
      ) : null}
    </section>
  );
}

export function ProductsPage() {
  const canWrite = useCan('products:write');
  const [search, setSearch] = useState('');
  const products = useLoad(() => get<Product[]>('/management/products', { search, limit: 200 }), `products:${search}`);
  return (
    <>
      <PageHeading title="Products">What you sell, and the purchase options (price and billing cycle) readers and companies buy.</PageHeading>
      <ReadOnlyNote scope="products:write" />
      {canWrite ? (
        <details class="card">
          <summary>New product</summary>
          <ActionForm
            label="New product"
            submit="Create product"
            onSubmit={async (v) => {
              const product = await post<Product>('/management/products', { sku: v.sku, title: v.title, productType: v.productType, taxCategory: v.taxCategory });
              products.reload();
              return `Product ${product.title} created. Add a purchase option to sell it.`;
            }}
          >
            <div class="grid">
              <Field label="SKU" name="sku" required hint="A stable ID of your choice, e.g. daily-digital." />
              <Field label="Title" name="title" required />
              <Field label="Type" name="productType" options={PRODUCT_TYPES} />
              <Field label="Tax category" name="taxCategory" options={TAX_CATEGORIES} />
            </div>
          </ActionForm>
        </details>
      ) : null}
      <section aria-labelledby="products-heading">
        <h2 id="products-heading">Your products</h2>
        <form role="search" class="search" onSubmit={(e) => (e.preventDefault(), setSearch(String(new FormData(e.currentTarget).get('q') ?? '')))}>
          <label for="product-search">Search by SKU or title</label>
          <input id="product-search" name="q" type="search" />
          <button type="submit">Search</button>
        </form>
        <LoadState loaded={products} empty={search ? 'No product matches.' : 'No products yet.'} />
        <ul class="plain" aria-live="polite" id="product-list">
          {(products.data ?? []).map((p) => (
            <ProductRow product={p} canWrite={canWrite} key={p.sku} />
          ))}
        </ul>
      </section>
      <DiscountCodes />
    </>
  );
}
