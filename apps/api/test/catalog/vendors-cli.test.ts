import { Command } from 'commander';
import { registerVendorCommands } from '../../src/catalog/vendors.cli';
import { startTestApp, TestApp, uniqueId } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Runs one `kiosk vendor:create` / `test-clock:*` command line on the test app's runtime; answers what it prints. */
async function kiosk(...args: string[]): Promise<any> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const program = new Command('kiosk').exitOverride();
  let printed: unknown;
  registerVendorCommands(program, async (work) => {
    printed = await work(app.runtime);
  });
  await program.parseAsync(args, { from: 'user' });
  return printed;
}

describe('kiosk vendor:create and test-clock:*', () => {
  it('makes a test-mode vendor whose clock is read and advanced from the command line', async () => {
    const id = uniqueId('sandbox');
    const made = await kiosk('vendor:create', '--id', id, '--name', 'Sandbox', '--test-mode', '--clock-start', '2030-01-01T00:00:00Z');
    expect(made).toMatchObject({ id, testMode: true });
    expect(await kiosk('test-clock:get', '--vendor', id)).toMatchObject({ vendorId: id, frozenTime: '2030-01-01T00:00:00.000Z', status: 'ready' });
    expect(await kiosk('test-clock:advance', '--vendor', id, '--to', '2030-02-01T00:00:00Z')).toMatchObject({ frozenTime: '2030-02-01T00:00:00.000Z' });
    await expect(kiosk('test-clock:advance', '--vendor', id, '--to', '2029-01-01T00:00:00Z')).rejects.toMatchObject({ code: 'TEST_CLOCK.BACKWARDS' });
  });

  it('a production vendor has no test clock; a clock start needs test mode', async () => {
    const id = uniqueId('live');
    expect(await kiosk('vendor:create', '--id', id, '--name', 'Live')).toMatchObject({ id, testMode: false });
    await expect(kiosk('test-clock:get', '--vendor', id)).rejects.toMatchObject({ code: 'TEST_CLOCK.NOT_FOUND' });
    await expect(kiosk('test-clock:advance', '--vendor', id, '--to', '2040-01-01T00:00:00Z')).rejects.toMatchObject({ code: 'TEST_CLOCK.PRODUCTION_VENDOR' });
    await expect(kiosk('vendor:create', '--id', uniqueId('odd'), '--name', 'Odd', '--clock-start', '2030-01-01T00:00:00Z')).rejects.toMatchObject({
      code: 'VENDOR.CLOCK_WITHOUT_TEST_MODE',
    });
  });
});
