import { GetStats, parseStatsDay, StatsFigures, StatsReadModel } from '../../src/stats';
import { InMemoryStaffMemberships, InMemoryUserRepository } from '../../src/testing';
import { scopesOfRole, SCOPE_PRESETS, TeamMembers } from '../../src/identity';

class FixedModel implements StatsReadModel {
  asked: unknown[] = [];
  constructor(private readonly figuresToAnswer: StatsFigures) {}
  async figures(query: unknown): Promise<StatsFigures> {
    this.asked.push(query);
    return this.figuresToAnswer;
  }
}

const day = (d: string) => parseStatsDay(d, 'from');

describe('GetStats', () => {
  it('lists every day, sums totals and breakdowns, and shows revenue in major units per currency', async () => {
    const model = new FixedModel({
      paywalls: [
        { day: '2026-03-01', paywallId: 'p1', views: 3, freeReads: 2, blockedReads: 1 },
        { day: '2026-03-03', paywallId: 'p2', views: 1, freeReads: 1, blockedReads: 0 },
      ],
      checkouts: [{ day: '2026-03-01', paywallId: 'p1', sku: 'news', started: 2, completed: 1 }],
      subscribers: [{ day: '2026-03-02', sku: 'news', gained: 1, lost: 0 }],
      revenue: [
        { day: '2026-03-01', sku: 'news', currency: 'SEK', minor: 9_950 },
        { day: '2026-03-02', sku: 'news', currency: 'SEK', minor: 50 },
        { day: '2026-03-02', sku: 'book', currency: 'EUR', minor: 1_000 },
      ],
    });
    const report = await new GetStats(model).execute({ vendorId: 'v', from: day('2026-03-01'), to: day('2026-03-03') });
    expect(model.asked).toEqual([
      { vendorId: 'v', since: new Date('2026-03-01T00:00:00Z'), until: new Date('2026-03-04T00:00:00Z'), paywallId: undefined, sku: undefined },
    ]);
    expect(report.days.map((d) => d.day)).toEqual(['2026-03-01', '2026-03-02', '2026-03-03']);
    expect(report.days[1]).toMatchObject({ paywallViews: 0, newSubscribers: 1, revenue: [{ currency: 'EUR', amount: 10 }, { currency: 'SEK', amount: 0.5 }] });
    expect(report.totals).toEqual({
      paywallViews: 4, freeReads: 3, blockedReads: 1, checkoutsStarted: 2, conversions: 1, newSubscribers: 1, lostSubscribers: 0,
      revenue: [{ currency: 'EUR', amount: 10 }, { currency: 'SEK', amount: 100 }],
    });
    expect(report.byPaywall.map((p) => [p.paywallId, p.paywallViews, p.checkoutsStarted])).toEqual([['p1', 3, 2], ['p2', 1, 0]]);
    expect(report.byProduct.map((p) => [p.sku, p.revenue])).toEqual([
      ['book', [{ currency: 'EUR', amount: 10 }]],
      ['news', [{ currency: 'SEK', amount: 100 }]],
    ]);
  });

  it('refuses reversed and too long periods, and days that do not exist', async () => {
    const stats = new GetStats(new FixedModel({ paywalls: [], checkouts: [], subscribers: [], revenue: [] }));
    await expect(stats.execute({ vendorId: 'v', from: day('2026-03-02'), to: day('2026-03-01') })).rejects.toMatchObject({ code: 'STATS.BAD_RANGE' });
    await expect(stats.execute({ vendorId: 'v', from: day('2025-01-01'), to: day('2026-01-02') })).rejects.toMatchObject({ code: 'STATS.RANGE_TOO_LONG' });
    expect((await stats.execute({ vendorId: 'v', from: day('2024-01-01'), to: day('2024-12-31') })).days).toHaveLength(366);
    for (const bad of ['2026-02-29', '2026-1-01', '01/02/2026', '']) expect(() => parseStatsDay(bad, 'from')).toThrow(/YYYY-MM-DD/);
  });
});

describe('staff roles and the team', () => {
  it('gives each role its scopes, never the staff-only ones to anything but owners and admins', () => {
    expect(scopesOfRole('viewer').every((s) => s.endsWith(':read'))).toBe(true);
    expect(scopesOfRole('viewer')).toEqual(expect.arrayContaining([...SCOPE_PRESETS.read]));
    expect(scopesOfRole('editor')).toEqual(expect.arrayContaining(['products:write', 'sites:write', 'domains:write', 'links:create']));
    expect(scopesOfRole('editor')).not.toContain('contracts:write');
    expect(scopesOfRole('admin')).toEqual(expect.arrayContaining([...SCOPE_PRESETS.full, 'contracts:write', 'api-keys:manage']));
    expect(scopesOfRole('admin')).not.toContain('team:manage');
    expect(scopesOfRole('owner')).toEqual(expect.arrayContaining([...scopesOfRole('admin'), 'team:manage']));
  });

  it('keeps at least one owner', async () => {
    const memberships = new InMemoryStaffMemberships(new InMemoryUserRepository());
    const at = new Date();
    await memberships.put({ vendorId: 'v', userVendorId: 'v', userId: 'a', role: 'owner', createdAt: at });
    await memberships.put({ vendorId: 'v', userVendorId: 'v', userId: 'b', role: 'viewer', createdAt: at });
    const team = new TeamMembers(memberships);
    await expect(team.changeRole('v', 'a', 'admin')).rejects.toMatchObject({ code: 'TEAM.LAST_OWNER' });
    await expect(team.remove('v', 'a')).rejects.toMatchObject({ code: 'TEAM.LAST_OWNER' });
    await team.changeRole('v', 'b', 'owner');
    await team.remove('v', 'a');
    await expect(team.remove('v', 'zz')).rejects.toMatchObject({ code: 'TEAM.MEMBER_NOT_FOUND' });
  });
});
