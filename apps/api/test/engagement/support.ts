import { EntitlementRepository } from '@kiosk/domain/access';
import { createUser, IssueUserToken, RegisterBrowserClient } from '@kiosk/domain/identity';
import { ACCESS } from '../../src/access/access.module';
import { IDENTITY } from '../../src/identity/identity.module';
import { sqlRows } from '../../src/platform/database/sql';
import { givenVendor, TestApp, uniqueId } from '../support/harness';

export const basic = (clientId: string, visitorId: string) => ({
  Authorization: `Basic ${Buffer.from(`${clientId}:${visitorId}`).toString('base64')}`,
});

/** A vendor with helpers for readers (user tokens), visitors (Basic credentials) and entitlements. */
export async function givenEngagementVendor(app: TestApp) {
  const vendor = await givenVendor(app);
  const c = app.runtime.container;
  const client = await c.get(RegisterBrowserClient).execute({
    vendorId: vendor.vendorId,
    name: 'site',
    redirectUris: [`https://${vendor.vendorId}.example.com/callback`],
  });

  const reader = async (name = uniqueId('r')) => {
    const user = await c.get(IDENTITY.Users).addOrGet(
      createUser({ id: uniqueId('u'), vendorId: vendor.vendorId, email: `${name}@${vendor.vendorId}.example.com` }, app.clock.now()),
    );
    const { accessToken } = await c.get(IssueUserToken).execute({ vendorId: vendor.vendorId, userId: user.id });
    return { userId: user.id, email: user.email, token: accessToken, auth: { Authorization: `Bearer ${accessToken}` } };
  };

  const visitor = (visitorId = uniqueId('visitor')) => ({ visitorId, auth: basic(client.clientId, visitorId) });

  const entitle = async (userId: string, sku: string, expiresAt: Date | null = null) => {
    const now = app.clock.now();
    await (c.get(ACCESS.Entitlements) as EntitlementRepository).grant({
      id: uniqueId('ent'),
      vendorId: vendor.vendorId,
      userId,
      sku,
      purchaseOptionId: null,
      type: 'pass',
      title: sku,
      cover: null,
      url: null,
      presentationUrl: null,
      publisherContentId: null,
      origin: { type: 'CONTRACT', id: uniqueId('contract'), listId: null, name: null },
      createdAt: now,
      updatedAt: now,
      expiresAt,
      revokedAt: null,
    });
  };

  return { ...vendor, client, reader, visitor, entitle };
}

export const rows = <T>(app: TestApp, text: string, params: unknown[] = []) => sqlRows<T>(app.runtime.database.db, text, params);
