import { Foundation1763683200000 } from './1763683200000-foundation';
import { Capsule1763700000000 } from './1763700000000-capsule';
import { Contracts1763710000000 } from './1763710000000-contracts';
import { BillingAccess1763720000000 } from './1763720000000-billing-access';
import { BrowserClients1763730000000 } from './1763730000000-browser-clients';

/**
 * Every migration, oldest first, one per line. Never edit one that has
 * shipped; add a new one with a later timestamp at the end.
 */
export const MIGRATIONS = [
  Foundation1763683200000,
  Capsule1763700000000,
  Contracts1763710000000,
  BillingAccess1763720000000,
  BrowserClients1763730000000,
];
