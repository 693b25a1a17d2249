import { CreateVendor } from '../../src/catalog';
import { DEFAULT_SCRIPT_SETTINGS, ScriptConfiguration } from '../../src/scripts';
import { FakeClock, InMemoryScriptConfigurationRepository, InMemoryScriptReleaseRepository, InMemoryVendorRepository, VendorsAsDirectory } from '../../src/testing';

// The scripts module's fakes: configurations saved by expected version per vendor, releases and the stable one, the vendors that exist.
const T0 = new Date('2026-03-01T12:00:00Z');
const configuration = (vendorId: string, version: number): ScriptConfiguration => ({ vendorId, settings: DEFAULT_SCRIPT_SETTINGS, version, updatedAt: T0 });

describe('InMemoryScriptConfigurationRepository', () => {
  it('saves the first configuration only when none is stored (expected version 0), then only over the version it expects', async () => {
    const repo = new InMemoryScriptConfigurationRepository();
    expect(await repo.find('acme')).toBeNull();
    expect(await repo.saveIfVersion(configuration('acme', 1), 1)).toBe(false);
    expect(await repo.find('acme')).toBeNull();
    expect(await repo.saveIfVersion(configuration('acme', 1), 0)).toBe(true);
    expect(await repo.saveIfVersion(configuration('acme', 2), 0)).toBe(false);
    expect((await repo.find('acme'))?.version).toBe(1);
    expect(await repo.saveIfVersion(configuration('acme', 2), 1)).toBe(true);
    expect(await repo.find('acme')).toEqual(configuration('acme', 2));
  });

  it("keeps each vendor's configuration and version apart", async () => {
    const repo = new InMemoryScriptConfigurationRepository();
    await repo.saveIfVersion(configuration('acme', 1), 0);
    await repo.saveIfVersion(configuration('acme', 2), 1);
    expect(await repo.find('globex')).toBeNull();
    expect(await repo.saveIfVersion(configuration('globex', 1), 2)).toBe(false);
    expect(await repo.saveIfVersion(configuration('globex', 1), 0)).toBe(true);
    expect([(await repo.find('acme'))?.version, (await repo.find('globex'))?.version]).toEqual([2, 1]);
  });
});

describe('InMemoryScriptReleaseRepository', () => {
  it('lists the releases it was given (a copy the caller may change) and has no stable one until one is promoted', async () => {
    const releases = [
      { version: '1.0.0', releasedAt: T0 },
      { version: '1.1.0', releasedAt: new Date('2026-04-01T00:00:00Z') },
    ];
    const repo = new InMemoryScriptReleaseRepository(releases);
    const listed = await repo.list();
    listed.pop();
    expect(await repo.list()).toEqual(releases);
    expect(await repo.stable()).toBeNull();
    await repo.promote('1.0.0');
    await repo.promote('1.1.0');
    expect(await repo.stable()).toBe('1.1.0');
  });
});

describe('VendorsAsDirectory', () => {
  it('knows the vendors of the vendor repository, and no other', async () => {
    const vendors = new InMemoryVendorRepository();
    await new CreateVendor(vendors, new FakeClock(T0)).execute({ id: 'acme', name: 'Acme News' });
    const directory = new VendorsAsDirectory(vendors);
    expect([await directory.exists('acme'), await directory.exists('globex')]).toEqual([true, false]);
  });
});
