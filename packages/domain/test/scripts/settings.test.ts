import { checkScriptSettings, DEFAULT_SCRIPT_SETTINGS, InvalidScriptSettings } from '../../src/scripts';

const problemsOf = (input: Parameters<typeof checkScriptSettings>[0]) => {
  try {
    checkScriptSettings(input);
  } catch (error) {
    if (error instanceof InvalidScriptSettings) return error.problems.map((p) => p.field).sort();
    throw error;
  }
  return [];
};

describe('script settings', () => {
  it('starts from the defaults and keeps members left out of a change', () => {
    const first = checkScriptSettings({ paywallId: 'metered', contentSelectors: { article: 'article', title: 'h1' } });
    expect(first).toEqual({ ...DEFAULT_SCRIPT_SETTINGS, paywallId: 'metered', contentSelectors: { article: 'article', title: 'h1' } });
    const second = checkScriptSettings({ analytics: { pageViews: true } }, first);
    expect(second.paywallId).toBe('metered');
    expect(second.contentSelectors).toEqual({ article: 'article', title: 'h1' });
    expect(second.analytics).toEqual({ ...DEFAULT_SCRIPT_SETTINGS.analytics, pageViews: true });
  });

  it('replaces the selector map and the lists as a whole when they are given', () => {
    const first = checkScriptSettings({ contentSelectors: { article: 'article', title: 'h1' }, plugins: [{ name: 'a', url: 'https://cdn.example.com/a.js' }] });
    const second = checkScriptSettings({ contentSelectors: { price: '.price' }, plugins: [] }, first);
    expect(second.contentSelectors).toEqual({ price: '.price' });
    expect(second.plugins).toEqual([]);
  });

  it('reports every problem at once, by field', () => {
    expect(
      problemsOf({
        contentSelectors: { article: '', headline: 'h1' } as never,
        transforms: [{ action: 'explode' as never, selector: '' }, { action: 'insert', selector: 'p' }, { action: 'wrap', selector: 'p', html: '<div></div>' }],
        analytics: { dataLayer: 'not valid!' },
        plugins: [
          { name: 'Bad Name', url: 'http://insecure.example.com/x.js' },
          { name: 'ok', url: 'https://example.com/ok.js' },
          { name: 'ok', url: 'https://example.com/ok2.js' },
        ],
      }),
    ).toEqual(
      [
        'analytics.dataLayer',
        'contentSelectors.article',
        'contentSelectors.headline',
        'plugins',
        'plugins[0].name',
        'plugins[0].url',
        'transforms[0].action',
        'transforms[0].selector',
        'transforms[1].html',
        'transforms[2].html',
      ].sort(),
    );
  });

  it('places an insert after its element unless told otherwise, and keeps conditions', () => {
    const [rule] = checkScriptSettings({
      transforms: [{ action: 'insert', selector: '.lead', html: '<p>Subscribe</p>', entitlement: { sku: 'news', has: false }, pathPattern: '/news/*' }],
    }).transforms;
    expect(rule).toEqual({
      action: 'insert',
      selector: '.lead',
      html: '<p>Subscribe</p>',
      position: 'after',
      pathPattern: '/news/*',
      entitlement: { sku: 'news', has: false },
      signedIn: null,
    });
  });
});
