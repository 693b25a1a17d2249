import { detectArticles, parsePrice } from '../src/detect';

/** Just enough of the DOM for detection: elements answer the selectors a test gives them. */
class FakeElement {
  constructor(
    readonly attributes: Record<string, string> = {},
    readonly textContent: string | null = null,
    readonly found: Record<string, FakeElement[]> = {},
  ) {}
  getAttribute(name: string) {
    return this.attributes[name] ?? null;
  }
  querySelectorAll(selector: string) {
    if (selector.includes('!')) throw new SyntaxError('not a selector');
    return this.found[selector] ?? [];
  }
  querySelector(selector: string) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
  contains(other: FakeElement): boolean {
    return other === this || Object.values(this.found).some((list) => list.some((e) => e === other || e.contains(other)));
  }
}

const page = (articles: FakeElement[], selector = '.story') => new FakeElement({}, null, { [selector]: articles }) as unknown as ParentNode;
const selectors = { article: '.story', title: '.headline', image: '.lead-image', excerpt: '.summary', price: '.price', id: 'meta[name=article-id]', pass: '.pass' };

describe('content detection with the vendor content selectors', () => {
  it('reads every field of each article, scoped to the article', () => {
    const story = new FakeElement({}, null, {
      '.headline': [new FakeElement({}, '  The harbour\n gets a ferry ')],
      '.lead-image': [new FakeElement({ src: 'https://daily.example.com/ferry.jpg' })],
      '.summary': [new FakeElement({}, 'Twelve minutes across the bay.')],
      '.price': [new FakeElement({}, '49,00 kr')],
      'meta[name=article-id]': [new FakeElement({ content: 'harbour-2026' })],
      '.pass': [new FakeElement({ 'data-value': 'daily' }, 'Daily pass')],
    });
    const [found] = detectArticles(page([story]), selectors);
    expect(found).toMatchObject({
      id: 'harbour-2026',
      title: 'The harbour gets a ferry',
      image: 'https://daily.example.com/ferry.jpg',
      excerpt: 'Twelve minutes across the bay.',
      price: '49,00 kr',
      priceAmount: 49,
      pass: 'daily',
    });
    expect(found.element).toBe(story);
  });

  it('falls back to data-service-paywall, then the element id, for the content id; missing fields are null', () => {
    const marked = new FakeElement({ 'data-service-paywall': 'library' });
    const inner = new FakeElement({}, null, { '[data-service-paywall]': [new FakeElement({ 'data-service-paywall': 'bakery' })] });
    const named = new FakeElement({ id: 'weather' });
    const ids = detectArticles(page([marked, inner, named]), { article: '.story' }).map((a) => a.id);
    expect(ids).toEqual(['library', 'bakery', 'weather']);
    const [bare] = detectArticles(page([named]), { article: '.story' });
    expect(bare).toMatchObject({ title: null, image: null, excerpt: null, price: null, priceAmount: null, pass: null });
  });

  it('uses article and [data-service-paywall] without an article selector, and keeps only the outermost of nested matches', () => {
    const body = new FakeElement({ 'data-service-paywall': 'harbour' });
    const article = new FakeElement({}, null, { '[data-service-paywall]': [body], 'h1, h2': [new FakeElement({}, 'Harbour')] });
    const root = new FakeElement({}, null, { 'article, [data-service-paywall]': [article, body] }) as unknown as ParentNode;
    const found = detectArticles(root);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ id: 'harbour', title: 'Harbour' });
  });

  it('finds nothing with a selector that is not CSS, instead of failing the page', () => {
    expect(detectArticles(page([new FakeElement()], 'a!b'), { article: 'a!b' })).toEqual([]);
    const story = new FakeElement({ id: 's' });
    expect(detectArticles(page([story]), { article: '.story', title: 'x!y' })[0].title).toBeNull();
  });

  it('reads prices as publishers write them', () => {
    expect(parsePrice('49,00 kr')).toBe(49);
    expect(parsePrice('$4.99')).toBe(4.99);
    expect(parsePrice('1 188 SEK')).toBe(1188);
    expect(parsePrice('free')).toBeNull();
    expect(parsePrice(null)).toBeNull();
  });
});
