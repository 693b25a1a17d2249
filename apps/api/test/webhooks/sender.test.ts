import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { sendWebhook } from '../../src/webhooks/webhook-sender';

// The sender's own guard, beside the checks made when an endpoint is saved:
// every address a name resolves to is checked on every attempt.
describe('sending a webhook', () => {
  const settings = { timeoutMs: 15_000, allowLoopback: false };

  it.each([['10.1.2.3'], ['127.0.0.1'], ['169.254.169.254'], ['192.168.1.1'], ['::1'], ['fe80::1'], ['::ffff:10.0.0.1']])(
    'refuses a host that resolves to %s, before any connection',
    async (address) => {
      const result = await sendWebhook('https://hooks.example.com/x', {}, '{}', settings, async () => [{ address, family: address.includes(':') ? 6 : 4 }]);
      expect(result).toMatchObject({ ok: false, statusCode: null });
      expect(result.error).toMatch(/not public/);
    },
  );

  it('refuses a host with one public and one private address', async () => {
    const result = await sendWebhook('https://hooks.example.com/x', {}, '{}', settings, async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ]);
    expect(result.error).toMatch(/not public/);
  });

  it('gives up when no answer comes within the timeout (a failure)', async () => {
    const server = createServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const result = await sendWebhook(url, {}, '{}', { timeoutMs: 300, allowLoopback: true });
      expect(result).toMatchObject({ ok: false, statusCode: null });
      expect(result.error).toMatch(/no answer within 300 ms/);
      expect(result.durationMs).toBeGreaterThanOrEqual(250);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('reaches loopback only when the test setting allows it', async () => {
    const refused = await sendWebhook('http://127.0.0.1:9/', {}, '{}', settings);
    expect(refused.error).toMatch(/not public/);
  });
});
