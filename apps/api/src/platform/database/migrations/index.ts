import { Foundation1763683200000 } from './1763683200000-foundation';

/** Every migration, oldest first. Never edit one that has shipped; add a new one. */
export const MIGRATIONS = [Foundation1763683200000];
