import { Foundation1763683200000 } from './1763683200000-foundation';
import { Capsule1763700000000 } from './1763700000000-capsule';
import { Contracts1763710000000 } from './1763710000000-contracts';

/** Every migration, oldest first. Never edit one that has shipped; add a new one. */
export const MIGRATIONS = [Foundation1763683200000, Capsule1763700000000, Contracts1763710000000];
