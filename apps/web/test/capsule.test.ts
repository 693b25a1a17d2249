import { issuerFor } from '../src/capsule';

const manifest = (issuers: Record<string, { unlockUrl?: string }>) =>
  ({ resourceJWT: 'x', content: {}, issuers: Object.fromEntries(Object.entries(issuers).map(([n, i]) => [n, { ...i, keys: [] }])) }) as never;

describe('the issuer a page unlocks at', () => {
  it('is the first issuer whose unlock address is this service', () => {
    expect(
      issuerFor(manifest({ other: { unlockUrl: 'https://elsewhere.example.com/unlock' }, ours: { unlockUrl: 'https://kiosk.example.com/capsule/vendors/d/unlock' } }), 'https://kiosk.example.com'),
    ).toEqual({ name: 'ours', unlockUrl: 'https://kiosk.example.com/capsule/vendors/d/unlock' });
  });

  it('is none when no issuer is this service, also for a look-alike host', () => {
    expect(issuerFor(manifest({ a: { unlockUrl: 'https://kiosk.example.com.evil.test/unlock' }, b: {} }), 'https://kiosk.example.com')).toBeNull();
  });
});
