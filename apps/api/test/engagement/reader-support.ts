import { createUser, IssueUserToken, UserRepository } from '@kiosk/domain/identity';
import { IDENTITY } from '../../src/identity/identity.module';
import { bearer, TestApp, uniqueId } from '../support/harness';

/** A signed-in reader of the vendor: a user made by identity's repository and a reader token for them. */
export async function givenReader(app: TestApp, vendorId: string, person: { email?: string; firstName?: string; lastName?: string } = {}) {
  const c = app.runtime.container;
  const users: UserRepository = c.get(IDENTITY.Users);
  const user = await users.addOrGet(
    createUser(
      {
        id: uniqueId('u'),
        vendorId,
        email: person.email ?? `${uniqueId('reader')}@${vendorId}.example.com`,
        firstName: person.firstName ?? null,
        lastName: person.lastName ?? null,
      },
      app.clock.now(),
    ),
  );
  const token = (await c.get(IssueUserToken).execute({ vendorId, userId: user.id })).accessToken;
  return { user, userId: user.id, token, auth: bearer(token) };
}

export type Reader = Awaited<ReturnType<typeof givenReader>>;
