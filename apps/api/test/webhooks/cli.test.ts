import { Command } from 'commander';
import { registerWebhookCommands } from '../../src/webhooks/webhooks.cli';
import { givenVendor, startTestApp, TestApp } from '../support/harness';
import { startReceiver } from './receiver';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true' });
});
afterAll(() => app.close());

/** Runs one `kiosk webhook:*` command line on the test app's runtime; answers what it prints. */
async function kiosk(...args: string[]): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const program = new Command('kiosk').exitOverride();
  let printed: unknown;
  registerWebhookCommands(program, async (work) => {
    printed = await work(app.runtime);
  });
  await program.parseAsync(args, { from: 'user' });
  return printed;
}

describe('kiosk webhook:*', () => {
  it('creates (secret shown once), lists, changes, tests, logs, replays, rotates, disables and deletes an endpoint', async () => {
    const receiver = await startReceiver();
    try {
      const { vendorId } = await givenVendor(app);
      const created = await kiosk('webhook:create', '--vendor', vendorId, '--url', receiver.url, '--events', 'bill.paid,bill.issued');
      expect(created).toMatchObject({ url: receiver.url, eventTypes: ['bill.issued', 'bill.paid'], status: 'enabled' });
      expect(created.secret).toMatch(/^whsec_/);
      const ep = ['--vendor', vendorId, '--endpoint', created.id];
      expect(await kiosk('webhook:list', '--vendor', vendorId)).toEqual([expect.not.objectContaining({ secret: expect.anything() })]);
      expect(await kiosk('webhook:update', ...ep, '--events', 'all', '--description', 'ops')).toMatchObject({ eventTypes: null, description: 'ops' });

      const { messageIds } = await kiosk('webhook:test', ...ep);
      await app.runtime.worker.tick();
      expect(receiver.received.map((r) => r.id)).toEqual(messageIds);
      const log = await kiosk('webhook:attempts', ...ep);
      expect(log).toEqual([expect.objectContaining({ messageId: messageIds[0], outcome: 'delivered', statusCode: 200 })]);
      expect(await kiosk('webhook:replay', ...ep, '--message', messageIds[0])).toEqual({ messageIds });

      const rotated = await kiosk('webhook:rotate-secret', ...ep);
      expect(rotated.secret).not.toBe(created.secret);
      expect(rotated.previousSecretExpiresAt).not.toBeNull();
      expect(await kiosk('webhook:disable', ...ep)).toMatchObject({ status: 'disabled' });
      expect(await kiosk('webhook:update', ...ep, '--enable')).toMatchObject({ status: 'enabled' });
      await kiosk('webhook:delete', ...ep);
      await expect(kiosk('webhook:get', ...ep)).rejects.toMatchObject({ code: 'WEBHOOK.ENDPOINT_NOT_FOUND' });
      await expect(kiosk('webhook:create', '--vendor', vendorId, '--url', 'http://10.0.0.1/')).rejects.toMatchObject({ code: 'WEBHOOK.BAD_URL' });
    } finally {
      await receiver.close();
    }
  });
});
