import { readTriggers, withoutTriggers } from '../src/triggers';

describe('query and hash triggers', () => {
  it('reads every trigger, refresh first', () => {
    expect(
      readTriggers('https://daily.example.com/a?service-purchase=news:monthly&service-login&service-refresh&service-user=u1&service-token=t.k.n#access_token=abc'),
    ).toEqual([
      { kind: 'refresh' },
      { kind: 'user', value: 'u1' },
      { kind: 'token', value: 't.k.n' },
      { kind: 'login' },
      { kind: 'purchase', sku: 'news', purchaseOptionId: 'monthly' },
      { kind: 'access-token', value: 'abc' },
    ]);
  });

  it('reads a purchase without an option, and nothing from an address without triggers', () => {
    expect(readTriggers('https://daily.example.com/?service-purchase=news')).toEqual([{ kind: 'purchase', sku: 'news' }]);
    expect(readTriggers('https://daily.example.com/article?id=7#top')).toEqual([]);
    expect(readTriggers('https://daily.example.com/article?checkoutId=c-1')).toEqual([{ kind: 'checkout-return', checkoutId: 'c-1' }]);
  });

  it('removes the triggers from the address and keeps everything else', () => {
    expect(withoutTriggers('https://daily.example.com/a?id=7&service-login&service-token=x#access_token=abc')).toBe('https://daily.example.com/a?id=7');
    expect(withoutTriggers('https://daily.example.com/a?id=7#top')).toBe('https://daily.example.com/a?id=7#top');
    expect(withoutTriggers('https://daily.example.com/a?checkoutId=c-1&id=7')).toBe('https://daily.example.com/a?id=7');
  });
});
