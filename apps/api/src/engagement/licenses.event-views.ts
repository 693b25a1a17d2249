import { GetReaderLicense } from '@kiosk/domain/engagement';
import { EventObjectView, payloadString } from '../platform/http/event-object-view';
import { licenseKeyView } from './licenses.views';

/**
 * The key of a `license.claimed` event as `GET /licenses?poolId=` lists it for
 * the reader, with `userId`; null once the reader holds a later key of the pool.
 */
export const licenseEventView =
  (readerLicense: GetReaderLicense): EventObjectView =>
  async (event) => {
    const [userId, poolId, key] = ['userId', 'poolId', 'key'].map((field) => payloadString(event, field));
    if (!userId || !poolId) return null;
    const [latest] = await readerLicense.execute({ vendorId: event.vendorId, userId, poolId });
    return latest && latest.key === key ? { ...licenseKeyView(latest), userId } : null;
  };
