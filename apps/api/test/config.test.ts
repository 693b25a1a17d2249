import { ConfigError, loadConfig } from '../src/config';

describe('configuration', () => {
  it('has working defaults for a developer machine', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      baseUrl: 'http://localhost:3000',
      authUrl: 'http://localhost:3000/oidc',
      tenantTokenUrlTemplate: 'http://localhost:3000/oidc/t/{vendorId}/oauth/token',
      databaseUrl: null,
      workerEnabled: true,
      secretsKeyIsDevelopmentDefault: true,
    });
  });

  it('checks VAT numbers for their form only unless VAT_NUMBER_CHECK=vies; refuses another value and a bad VIES_URL', () => {
    expect(loadConfig({}).vatNumberCheck).toEqual({ mode: 'format-only', viesUrl: 'https://ec.europa.eu/taxation_customs/vies/rest-api', timeoutMs: 5000 });
    expect(loadConfig({ VAT_NUMBER_CHECK: 'vies', VIES_URL: 'http://127.0.0.1:9/vies', VIES_TIMEOUT_MS: '2000' }).vatNumberCheck).toEqual({
      mode: 'vies', viesUrl: 'http://127.0.0.1:9/vies', timeoutMs: 2000,
    });
    expect(() => loadConfig({ VAT_NUMBER_CHECK: 'always' })).toThrow(ConfigError);
    expect(() => loadConfig({ VAT_NUMBER_CHECK: 'vies', VIES_URL: 'ftp://x' })).toThrow(ConfigError);
  });

  it('lets webhooks reach a loopback receiver in development by default, in tests when asked, never in production', () => {
    const production = { NODE_ENV: 'production', SECRETS_KEY: Buffer.alloc(32, 7).toString('base64'), SUPPORT_SESSION_SECRET: 'x'.repeat(32) };
    expect(loadConfig({}).webhooks.allowLoopbackForTests).toBe(true);
    expect(loadConfig({ WEBHOOKS_ALLOW_LOOPBACK: 'false' }).webhooks.allowLoopbackForTests).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).webhooks.allowLoopbackForTests).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test', WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true' }).webhooks.allowLoopbackForTests).toBe(true);
    expect(loadConfig(production).webhooks.allowLoopbackForTests).toBe(false);
    expect(() => loadConfig({ ...production, WEBHOOKS_ALLOW_LOOPBACK: 'true' })).toThrow(/WEBHOOKS_ALLOW_LOOPBACK is refused with NODE_ENV=production/);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number/],
    [{ BASE_URL: 'not a url' }, /BASE_URL must be an absolute/],
    [{ AUTH_URL: 'ftp://x.test' }, /AUTH_URL must be an http/],
    [{ TENANT_TOKEN_URL_TEMPLATE: 'https://token.example.com/oauth/token' }, /must contain \{vendorId\}/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ SECRETS_KEY: 'c2hvcnQ=' }, /SECRETS_KEY must be 32 bytes/],
    [{ NODE_ENV: 'production' }, /SECRETS_KEY is required in production/],
    [{ WORKER_ENABLED: 'maybe' }, /WORKER_ENABLED must be true or false/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL must be a pino level/],
  ])('refuses %j with a clear message', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
