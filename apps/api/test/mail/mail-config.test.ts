import { ConfigError, loadConfig } from '../../src/config';

const base = { NODE_ENV: 'test', BASE_URL: 'https://kiosk.example.com' };

describe('MAIL_URL and MAIL_FROM', () => {
  it('keeps mails stored only without MAIL_URL, sending from no-reply at the service’s host', () => {
    expect(loadConfig(base).mail).toEqual({ url: null, fromAddress: 'no-reply@kiosk.example.com', fromName: null });
  });

  it('takes an smtp:// or smtps:// URL and a sender with or without a name', () => {
    expect(loadConfig({ ...base, MAIL_URL: 'smtps://user:secret@mail.example.com:465', MAIL_FROM: 'The Daily <news@daily.example.com>' }).mail).toEqual({
      url: 'smtps://user:secret@mail.example.com:465',
      fromAddress: 'news@daily.example.com',
      fromName: 'The Daily',
    });
    expect(loadConfig({ ...base, MAIL_URL: 'smtp://localhost:2525', MAIL_FROM: 'news@daily.example.com' }).mail).toEqual({
      url: 'smtp://localhost:2525',
      fromAddress: 'news@daily.example.com',
      fromName: null,
    });
  });

  it.each([
    [{ MAIL_URL: 'http://mail.example.com' }, /MAIL_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ MAIL_URL: 'not a url' }, /MAIL_URL must be an smtp:\/\/ or smtps:\/\/ URL/],
    [{ MAIL_FROM: 'nobody' }, /MAIL_FROM must be an e-mail address or "Name <address>"/],
    [{ MAIL_FROM: 'A <b@c.example>, d@e.example' }, /MAIL_FROM must be/],
    [{ MAIL_FROM: 'News <news@daily.example.com>\r\nBcc: x@y.example' }, /MAIL_FROM must be/],
  ])('refuses %j', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });

  it('needs MAIL_FROM in production when MAIL_URL is set', () => {
    const production = { NODE_ENV: 'production', BASE_URL: 'https://kiosk.example.com', SECRETS_KEY: Buffer.alloc(32, 1).toString('base64'), SUPPORT_SESSION_SECRET: 's'.repeat(40) };
    expect(() => loadConfig({ ...production, MAIL_URL: 'smtp://mail.example.com' })).toThrow(/MAIL_FROM is required in production when MAIL_URL is set/);
    expect(loadConfig({ ...production, MAIL_URL: 'smtp://mail.example.com', MAIL_FROM: 'news@example.com' }).mail.fromAddress).toBe('news@example.com');
    expect(loadConfig(production).mail.url).toBeNull();
  });
});
