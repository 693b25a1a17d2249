import { EraseAccount } from '../../src/engagement';
import { createUser } from '../../src/identity/user';
import { FakeClock, ImmediateUnitOfWork, InMemoryEventOutbox, InMemoryUserRepository } from '../../src/testing';

describe('EraseAccount records user.erased', () => {
  it('with the user id and the instant only, after every eraser ran', async () => {
    const clock = new FakeClock('2026-01-01T00:00:00Z');
    const users = new InMemoryUserRepository();
    await users.addOrGet(createUser({ id: 'u-1', vendorId: 'acme', email: 'erin@example.com', firstName: 'Erin' }, clock.now()));
    const outbox = new InMemoryEventOutbox();
    const erased: string[] = [];
    const eraser = { module: 'engagement', erase: async () => void erased.push(`erased before ${outbox.events.length} events`) };
    await new EraseAccount(users, [eraser], new ImmediateUnitOfWork(), clock, outbox).execute({ vendorId: 'acme', userId: 'u-1' });
    expect(erased).toEqual(['erased before 0 events']);
    expect(outbox.events).toEqual([
      { type: 'user.erased', vendorId: 'acme', aggregateId: 'u-1', occurredAt: clock.now(), payload: { erasedAt: clock.now().toISOString() } },
    ]);
    expect(JSON.stringify(outbox.events)).not.toMatch(/erin/i);
  });
});
