import { createRequire } from 'node:module';
import fc from 'fast-check';
import { weakEtag } from '../../src/platform/http/etag';
import { startTestApp, TestApp } from '../support/harness';

// The package Express's own generator uses (no type declarations of its own).
const etag = createRequire(__filename)('etag') as (entity: Buffer, options: { weak: boolean }) => string;

describe('weakEtag', () => {
  it('is the tag Express made before (the etag package, weak) for any body', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'grapheme' }), fc.json()), (text) => {
        expect(weakEtag(text, 'utf8')).toBe(etag(Buffer.from(text, 'utf8'), { weak: true }));
        expect(weakEtag(Buffer.from(text))).toBe(etag(Buffer.from(text), { weak: true }));
      }),
    );
    expect(weakEtag('')).toBe('W/"0-2jmj7l5rSw0yVb/vlWAYkK/YBwk"');
    expect(weakEtag('é', 'latin1')).toBe(etag(Buffer.from('é', 'latin1'), { weak: true }));
  });
});

describe('the service answers conditional GETs with the same tags', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it('tags a GET answer with its body weak tag and answers 304 to it', async () => {
    const first = await app.http.get('/openapi.json');
    expect(first.status).toBe(200);
    expect(first.headers.etag).toBe(etag(Buffer.from(JSON.stringify(first.body)), { weak: true }));
    const again = await app.http.get('/openapi.json').set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
  });
});
