import { InvalidError, NotFoundError } from '../../shared';

/** How a list's entries arrive (management interface 3.9); the service treats every type alike. */
export const ACCESS_LIST_TYPES = ['CSV_FILE_OLD', 'CSV_FILE', 'CSV_TRANSACTIONS', 'CLAIMED', 'MANUAL', 'HOOK', 'BASIC_API'] as const;
export type AccessListType = (typeof ACCESS_LIST_TYPES)[number];

/** Being set up, in force, or retired (there is no DELETE: a list is retired with `CANCELED`). */
export const ACCESS_LIST_STATUSES = ['DRAFT', 'ACTIVE', 'CANCELED'] as const;
export type AccessListStatus = (typeof ACCESS_LIST_STATUSES)[number];

/**
 * A named source of entitlements outside the service's own checkouts and
 * contracts: a partner's purchases, a spreadsheet, access entered by hand.
 * Its grants give access only while it is `ACTIVE`.
 */
export interface AccessList {
  readonly id: string;
  readonly vendorId: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: AccessListType;
  readonly status: AccessListStatus;
  readonly excludeFromStats: boolean;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** Every field a list has that a caller sets; PUT sets all of them, PATCH some. */
export interface AccessListFields {
  readonly name: string;
  readonly description: string | null;
  readonly type: AccessListType;
  readonly status: AccessListStatus;
  readonly excludeFromStats: boolean;
}

export const ACCESS_LIST_NAME_MAX = 200;
export const ACCESS_LIST_DESCRIPTION_MAX = 2000;

export class AccessListNotFound extends NotFoundError {
  constructor(id: string) {
    super('ACCESS_LIST.NOT_FOUND', `no access list ${id}`, { accessListId: id });
  }
}

const invalid = (field: string, message: string) =>
  new InvalidError('ACCESS_LIST.INVALID', `${field} ${message}`, { errors: [{ field, message }] });

function checked(fields: AccessListFields): AccessListFields {
  const name = fields.name.trim();
  if (name.length === 0 || name.length > ACCESS_LIST_NAME_MAX) throw invalid('name', `must have 1 to ${ACCESS_LIST_NAME_MAX} characters`);
  if (!ACCESS_LIST_TYPES.includes(fields.type)) throw invalid('type', `must be one of ${ACCESS_LIST_TYPES.join(', ')}`);
  if (!ACCESS_LIST_STATUSES.includes(fields.status)) throw invalid('status', `must be one of ${ACCESS_LIST_STATUSES.join(', ')}`);
  if (fields.description !== null && fields.description.length > ACCESS_LIST_DESCRIPTION_MAX) {
    throw invalid('description', `must have at most ${ACCESS_LIST_DESCRIPTION_MAX} characters`);
  }
  return { ...fields, name };
}

export function createAccessList(input: { id: string; vendorId: string } & AccessListFields, now: Date): AccessList {
  return { id: input.id, vendorId: input.vendorId, ...checked(input), createdAt: now, updatedAt: now };
}

/** PUT: every field as given (left-out optional ones reset); PATCH: the given fields over the list. */
export function changeAccessList(list: AccessList, change: Partial<AccessListFields>, mode: 'replace' | 'merge', now: Date): AccessList {
  const base: AccessListFields =
    mode === 'replace'
      ? { name: list.name, type: list.type, status: list.status, description: null, excludeFromStats: false }
      : { name: list.name, type: list.type, status: list.status, description: list.description, excludeFromStats: list.excludeFromStats };
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) as Partial<AccessListFields>;
  return { ...list, ...checked({ ...base, ...defined }), updatedAt: now };
}

/** Whether the list's grants give access: only an `ACTIVE` list's do. */
export const listInForce = (list: Pick<AccessList, 'status'>): boolean => list.status === 'ACTIVE';
