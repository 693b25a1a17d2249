import { IllegalContractTransition } from './errors';

export const CONTRACT_STATUSES = ['PENDING', 'ACTIVE', 'FORTHCOMING', 'OVERDUE', 'CANCELED'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

/**
 * Every status change a contract may make (interface section 3 plus DESIGN
 * section 6). Staying in the same status is not a transition; intent methods
 * that are idempotent return early instead of moving.
 */
export const CONTRACT_TRANSITIONS = {
  // confirm; a PENDING contract can also be canceled at once
  PENDING: ['ACTIVE', 'FORTHCOMING', 'CANCELED'],
  // start on startsAt; cancel
  FORTHCOMING: ['ACTIVE', 'CANCELED'],
  // an OPEN bill past its due date; cancel (request at period end, or at once)
  ACTIVE: ['OVERDUE', 'CANCELED'],
  // paying returns to ACTIVE; unpaid after the grace period -> CANCELED (NON_PAYMENT)
  OVERDUE: ['ACTIVE', 'CANCELED'],
  CANCELED: [],
} as const satisfies Record<ContractStatus, readonly ContractStatus[]>;

export type ContractTransition = {
  [From in ContractStatus]: { from: From; to: (typeof CONTRACT_TRANSITIONS)[From][number] };
}[ContractStatus];

export function canTransition(from: ContractStatus, to: ContractStatus): boolean {
  return (CONTRACT_TRANSITIONS[from] as readonly ContractStatus[]).includes(to);
}

export function assertTransition(from: ContractStatus, to: ContractStatus): void {
  if (!canTransition(from, to)) throw new IllegalContractTransition(from, to);
}

/** Statuses in which the contract user (and seat holders) have access. */
export function grantsAccess(status: ContractStatus): boolean {
  // OVERDUE keeps access for the grace period; FORTHCOMING grants it only when it starts.
  return status === 'ACTIVE' || status === 'OVERDUE';
}

/** Confirmed at some point; confirming again changes nothing. */
export function isConfirmed(status: ContractStatus): boolean {
  return status === 'ACTIVE' || status === 'FORTHCOMING' || status === 'OVERDUE';
}
