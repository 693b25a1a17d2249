import { IssueUserToken } from '@kiosk/domain/identity';
import { bearer, givenVendor, startListeningApp, startTestApp, TestApp } from '../support/harness';

// The "other standard provider" is a second Kiosk serving its embedded
// provider (discovery, JWKS, RFC 9068 tokens) on a real port.
let provider: Awaited<ReturnType<typeof startListeningApp>>;
let api: TestApp;
beforeAll(async () => {
  provider = await startListeningApp();
  api = await startTestApp({ OIDC_ISSUER: `${provider.baseUrl}/oidc` });
});
afterAll(async () => {
  await api.close();
  await provider.close();
});

describe('OIDC_ISSUER: trusting another OpenID provider for readers', () => {
  it("accepts the provider's reader tokens, refuses the embedded signer's, and still takes API key tokens", async () => {
    const v = await givenVendor(provider);
    const fromProvider = (await provider.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: v.staff.id }))
      .accessToken;
    const vendor = await api.http.get('/vendor').set(bearer(fromProvider));
    expect(vendor.status).toBe(200);
    expect(vendor.body).toMatchObject({ id: v.vendorId });
    // Staff tokens from the trusted provider manage API keys.
    expect((await api.http.post('/management/api-keys').set(bearer(fromProvider)).send({ name: 'k' })).status).toBe(201);

    const own = (await api.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: v.staff.id })).accessToken;
    const refused = await api.http.get('/vendor').set(bearer(own));
    expect(refused.status).toBe(401);
    expect(refused.body.detail).toContain('readers sign in at');

    const apiKeyToken = await givenVendor(api).then((w) => w.apiToken('read'));
    expect((await api.http.get('/management/products').set(bearer(apiKeyToken))).status).toBe(200);
  });

  it('refuses a forged token that claims the provider as issuer', async () => {
    const v = await givenVendor(provider);
    const token = (await provider.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: v.staff.id })).accessToken;
    const [header, payload] = token.split('.');
    const forged = `${header}.${payload}.${Buffer.from('x'.repeat(64)).toString('base64url')}`;
    expect((await api.http.get('/vendor').set(bearer(forged))).status).toBe(401);
  });
});
