import { UserRepository } from '../identity/ports';
import { Clock, EventOutbox, EventsAbout, NotFoundError } from '../shared';
import { ErasureSubject, PersonalDataEraser, tombstoneEmail } from './erasure';
import { UnitOfWork } from './profile-ports';

/**
 * DELETE /profile: erases the reader for good. Every module's eraser runs in
 * one transaction, so either all personal data is gone or none of it is;
 * `user.erased` (the user id, nothing personal) goes to the outbox with it.
 */
export class EraseAccount {
  constructor(
    private readonly users: UserRepository,
    private readonly erasers: readonly PersonalDataEraser[],
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: { vendorId: string; userId: string }): Promise<{ success: boolean; modules: string[] }> {
    const erasedAt = this.clock.now();
    return this.uow.run(async () => {
      const user = await this.users.find(command.vendorId, command.userId);
      if (!user) throw new NotFoundError('PROFILE.NOT_FOUND', 'no such reader');
      const subject: ErasureSubject = {
        vendorId: user.vendorId,
        userId: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        tombstoneEmail: tombstoneEmail(user.id),
        erasedAt,
      };
      // Identity last: the others may still look the user up while they work.
      const ordered = [...this.erasers].sort((a, b) => Number(a.module === 'identity') - Number(b.module === 'identity'));
      for (const eraser of ordered) await eraser.erase(subject);
      await this.outbox.append(
        new EventsAbout({ vendorId: user.vendorId, aggregateId: user.id }).record('user.erased', erasedAt, { erasedAt: erasedAt.toISOString() }).pullEvents(),
      );
      return { success: true, modules: ordered.map((e) => e.module) };
    });
  }
}
