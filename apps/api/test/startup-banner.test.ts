import { startupBanner } from '../src/startup-banner';

describe('the start-up banner (issue 27)', () => {
  it('lists the demo site, the portal, the reference and the mailbox in development', () => {
    const banner = startupBanner('development', 'http://localhost:3000/', 'demo');
    expect(banner).toContain('http://localhost:3000/demo/');
    expect(banner).toContain('http://localhost:3000/portal/?vendor=demo');
    expect(banner).toContain('http://localhost:3000/docs');
    expect(banner).toContain('http://localhost:3000/dev/mail');
  });

  it('prints nothing in production or in tests', () => {
    expect(startupBanner('production', 'https://kiosk.example', 'demo')).toBeNull();
    expect(startupBanner('test', 'http://localhost:3000', 'demo')).toBeNull();
  });
});
