import { isComplete, mergeConfig, parsePageConfig } from '../src/config';

describe('configuration merge', () => {
  const bundle = { vendorId: 'daily', apiUrl: 'https://kiosk.example.com', paywallId: 'metered', contentSelectors: { article: 'article', title: 'h1' } };

  it('merges the page object over the bundle member by member', () => {
    expect(mergeConfig(bundle, { contentSelectors: { title: '.headline' }, debug: true })).toEqual({
      ...bundle,
      contentSelectors: { article: 'article', title: '.headline' },
      debug: true,
    });
  });

  it('replaces arrays instead of merging them', () => {
    const merged = mergeConfig({ ...bundle, transforms: [{ action: 'remove', selector: '.ad' }] }, { transforms: [] });
    expect(merged.transforms).toEqual([]);
  });

  it('keeps the vendor and the API address of the bundle, whatever the page says', () => {
    const merged = mergeConfig(bundle, { vendorId: 'other', apiUrl: 'https://evil.example.com' });
    expect(merged.vendorId).toBe('daily');
    expect(merged.apiUrl).toBe('https://kiosk.example.com');
  });

  it('ignores prototype keys of a hostile page object', () => {
    const merged = mergeConfig(bundle, JSON.parse('{"__proto__": {"polluted": true}, "contentSelectors": {"constructor": {"x": 1}}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(merged, '__proto__')).toBe(false);
  });

  it('starts from the page alone when there is no bundle (service-js served without configuration)', () => {
    expect(isComplete(mergeConfig(undefined, { vendorId: 'daily', apiUrl: 'https://kiosk.example.com' }))).toBe(true);
    expect(isComplete(mergeConfig(undefined, { vendorId: 'daily' }))).toBe(false);
  });

  it('reads the page element: an object, else nothing (with a warning for broken JSON or another type)', () => {
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    expect(parsePageConfig('{"paywallId": "p"}', warn)).toEqual({ paywallId: 'p' });
    expect(parsePageConfig(undefined, warn)).toBeUndefined();
    expect(parsePageConfig('   ', warn)).toBeUndefined();
    expect(parsePageConfig('{broken', warn)).toBeUndefined();
    expect(parsePageConfig('[1,2]', warn)).toBeUndefined();
    expect(warnings).toHaveLength(2);
  });
});
