import { Clock } from '@kiosk/domain';
import { EntitlementRepository, hasAccess } from '@kiosk/domain/access';
import { EventObjectView, payloadString } from '../platform/http/event-object-view';
import { entitlementView } from './access.views';

/**
 * The entitlement (the event's aggregate) as `GET /entitlements/{id}` shows it,
 * with `userId`; a revoked one, which that route no longer shows, with `hasAccess` false.
 */
export const entitlementEventView =
  (entitlements: Pick<EntitlementRepository, 'listByUser'>, clock: Clock): EventObjectView =>
  async (event) => {
    const userId = payloadString(event, 'userId');
    const found = userId ? (await entitlements.listByUser(event.vendorId, userId)).find((e) => e.id === event.aggregateId) : undefined;
    return found ? { ...entitlementView({ ...found, hasAccess: hasAccess(found, clock.now()) }), userId: found.userId } : null;
  };
