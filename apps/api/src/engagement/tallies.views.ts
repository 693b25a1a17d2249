import { Tally, tallyExpiresAt, valuesOf } from '@kiosk/domain/engagement';

/** The Tally resource of interface 2.6a. */
export function tallyView(tally: Tally) {
  const { ttl, ...rest } = tally.policies;
  const expiresAt = tallyExpiresAt(tally);
  return {
    id: tally.key.id,
    value: valuesOf(tally),
    policies: { ttl, ...rest },
    createdAt: tally.createdAt.toISOString(),
    updatedAt: tally.updatedAt.toISOString(),
    expiresAt: expiresAt ? expiresAt.toISOString() : null,
  };
}
