import { startupBanner } from '../src/startup-banner';

const DEMO = { vendorId: 'demo', ownerEmail: 'staff@demo.localhost' };

describe('the start-up banner (issue 27)', () => {
  it('lists the demo site, the portal, the reference and the mailbox in development', () => {
    const banner = startupBanner('development', 'http://localhost:3000/', DEMO);
    expect(banner).toContain('http://localhost:3000/demo/');
    expect(banner).toContain('http://localhost:3000/portal/?vendor=demo');
    expect(banner).toContain('http://localhost:3000/docs');
    expect(banner).toContain('http://localhost:3000/dev/mail');
  });

  it("gives the demo owner's one-time portal link on the first start, and the command for a new one later", () => {
    const link = { email: 'staff@demo.localhost', url: 'http://localhost:3000/auth/client_1/staff-link?code=abc', expiresAt: new Date('2026-11-30T03:30:00Z') };
    const first = startupBanner('development', 'http://localhost:3000', DEMO, link)!;
    expect(first).toContain('Demo staff login: staff@demo.localhost');
    expect(first).toContain('  http://localhost:3000/auth/client_1/staff-link?code=abc\n');
    expect(first).toContain('until 2026-11-30 03:30 UTC');
    const later = startupBanner('development', 'http://localhost:3000', DEMO)!;
    expect(later).not.toContain('staff-link');
    expect(later).toContain('npm run kiosk -- staff:sign-in-link --vendor demo --email staff@demo.localhost');
  });

  it('prints nothing in production or in tests', () => {
    expect(startupBanner('production', 'https://kiosk.example', DEMO)).toBeNull();
    expect(startupBanner('test', 'http://localhost:3000', DEMO)).toBeNull();
  });
});
