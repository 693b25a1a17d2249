import { ApiKeyNotFound, RevokeApiKey } from '@kiosk/domain/identity';
import { givenVendor, onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { withinASecond } from '../support/polling';
import { cacheSettled, statementsOf } from '../support/statements';

/*
 * Issue 28: a good token exchange, once warm, asks the database nothing. The
 * key comes from the configuration cache, and so do the failure counts of
 * its address (no row: nobody failed); every count, reset and key change is
 * announced, in this process at once and in the others when it commits.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => app.close());

type Vendor = Awaited<ReturnType<typeof givenVendor>>;
type Key = Awaited<ReturnType<Vendor['apiKey']>>;

const exchange = (on: TestApp, v: Vendor, key: Key, secret = key.clientSecret, ip = '192.0.2.10') =>
  on.http
    .post(v.tokenPath)
    .set('X-Forwarded-For', ip)
    .type('form')
    .send({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: secret, audience: 'urn:service' });

const revoke = (on: TestApp, v: Vendor, key: Key) =>
  on.runtime.container.get(RevokeApiKey).execute({ actor: { kind: 'operator' }, vendorId: v.vendorId, clientId: key.clientId });

describe('a warm token exchange', () => {
  it('sends no statement; an unknown client id, once asked, none either', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    await cacheSettled(app);
    await exchange(app, v, key).expect(200);
    expect(await statementsOf(() => exchange(app, v, key).expect(200))).toEqual([]);

    const unknown = { clientId: 'apikey_000000000000000000000000', clientSecret: 'nothing' };
    // The first asks for the key; the failure is counted (and announced), so the next check reads its counts again.
    await exchange(app, v, unknown, unknown.clientSecret, '192.0.2.11').expect(401);
    const again = await statementsOf(() => exchange(app, v, unknown, unknown.clientSecret, '192.0.2.11').expect(401));
    expect(again.filter((s) => /FROM api_keys/.test(s))).toEqual([]);
  });

  it('sees its own failures at once: the 31st from one address is refused, the right secret too, another address is not', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    await exchange(app, v, key, key.clientSecret, '203.0.113.50').expect(200);
    for (let i = 0; i < 30; i += 1) await exchange(app, v, key, `wrong-${i}`, '203.0.113.50').expect(401);
    expect((await exchange(app, v, key, key.clientSecret, '203.0.113.50')).status).toBe(429);
    expect((await exchange(app, v, key, key.clientSecret, '203.0.113.51')).status).toBe(200);
  });

  it('refuses a key revoked a moment ago, though it was cached; a second revocation is a 404', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    await exchange(app, v, key).expect(200);
    await revoke(app, v, key);
    const refused = await exchange(app, v, key);
    expect(refused.status).toBe(401);
    expect(refused.body.error).toBe('invalid_client');
    await expect(revoke(app, v, key)).rejects.toBeInstanceOf(ApiKeyNotFound);
  });
});

// A second app on the same database is a second process as far as caches go: its own container, cache and connections.
const onPostgres = onRealPostgres() ? it : it.skip;

describe('another process', () => {
  onPostgres('its revocation, its counted failures and an operator\'s revocation in SQL reach this one within a second', async () => {
    const other = await startTestApp({ TRUST_PROXY: 'loopback' });
    try {
      const v = await givenVendor(app);
      const status = async (key: Key, ip = '192.0.2.20') => (await exchange(app, v, key, key.clientSecret, ip)).status;

      const revokedThere = await v.apiKey('read');
      expect(await status(revokedThere)).toBe(200);
      await revoke(other, v, revokedThere);
      expect(await withinASecond(() => status(revokedThere), 401)).toBe(401);

      const guessed = await v.apiKey('read');
      expect(await status(guessed, '198.51.100.77')).toBe(200);
      for (let i = 0; i < 30; i += 1) await exchange(other, v, guessed, `wrong-${i}`, '198.51.100.77').expect(401);
      expect(await withinASecond(() => status(guessed, '198.51.100.77'), 429)).toBe(429);

      const leaked = await v.apiKey('read');
      expect(await status(leaked)).toBe(200);
      await other.runtime.database.db.query(`UPDATE api_keys SET revoked_at = now() WHERE vendor_id = $1 AND client_id = $2`, [
        v.vendorId,
        leaked.clientId,
      ]);
      expect(await withinASecond(() => status(leaked), 401)).toBe(401);
    } finally {
      await other.close();
    }
  });
});
