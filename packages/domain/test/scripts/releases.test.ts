import { compareVersions, resolveReleaseTag, ScriptReleaseNotFound, tagKind } from '../../src/scripts';

const at = new Date('2026-11-01T00:00:00Z');
const releases = ['0.9.0', '0.10.0', '0.2.1'].map((version) => ({ version, releasedAt: at }));

describe('script release tags', () => {
  it('orders versions by number, not by text', () => {
    expect(['0.10.0', '0.9.0', '1.0.0', '0.2.1'].sort(compareVersions)).toEqual(['0.2.1', '0.9.0', '0.10.0', '1.0.0']);
  });

  it('answers latest with the newest, stable with the promoted one (the newest until one is), and exact versions as they are', () => {
    expect(resolveReleaseTag('latest', releases, null)).toBe('0.10.0');
    expect(resolveReleaseTag('stable', releases, null)).toBe('0.10.0');
    expect(resolveReleaseTag('stable', releases, '0.9.0')).toBe('0.9.0');
    expect(resolveReleaseTag('0.2.1', releases, '0.9.0')).toBe('0.2.1');
  });

  it('refuses versions it does not ship and tags that are not versions', () => {
    for (const tag of ['1.0.0', 'beta', '0.10', '../0.9.0', '00.9.0', '']) {
      expect(() => resolveReleaseTag(tag, releases, null)).toThrow(ScriptReleaseNotFound);
    }
    expect(() => resolveReleaseTag('latest', [], null)).toThrow(ScriptReleaseNotFound);
  });

  it('tells channels from exact versions (they are cached differently)', () => {
    expect(tagKind('stable')).toBe('channel');
    expect(tagKind('latest')).toBe('channel');
    expect(tagKind('0.9.0')).toBe('exact');
  });
});
