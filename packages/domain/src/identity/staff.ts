import { BILLS_WRITE, CONTRACTS_WRITE, SCOPE_PRESETS, TEST_CLOCK_READ, TEST_CLOCK_WRITE, WEBHOOKS_READ, WEBHOOKS_WRITE } from './scopes';

/**
 * Staff of a vendor (DESIGN.md 6): a user of the OpenID provider belongs to
 * one or more vendors, each time with one role.
 */
export const STAFF_ROLES = ['owner', 'admin', 'editor', 'viewer'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const isStaffRole = (value: unknown): value is StaffRole => STAFF_ROLES.includes(value as StaffRole);

/** Managing API keys: a staff scope only (interface 5.1 rule 3: no key preset or grant holds it). */
export const API_KEYS_MANAGE = 'api-keys:manage';
/** Managing the team (members, roles, invitations): owners only. */
export const TEAM_MANAGE = 'team:manage';

const VIEWER = [...SCOPE_PRESETS.read, WEBHOOKS_READ, TEST_CLOCK_READ];
const EDITOR = [...VIEWER, 'products:write', 'sites:write', 'domains:write', 'links:create'];
const ADMIN = [
  ...new Set([...EDITOR, ...SCOPE_PRESETS.full, CONTRACTS_WRITE, BILLS_WRITE, WEBHOOKS_WRITE, TEST_CLOCK_WRITE, API_KEYS_MANAGE]),
];
const OWNER = [...ADMIN, TEAM_MANAGE];

const ROLE_SCOPES: Readonly<Record<StaffRole, readonly string[]>> = {
  viewer: VIEWER,
  editor: EDITOR,
  admin: ADMIN,
  owner: OWNER,
};

/** The management scopes a staff member acts with. */
export function scopesOfRole(role: StaffRole): readonly string[] {
  return ROLE_SCOPES[role];
}

/** One person's place in one vendor's team. `userVendorId` is the vendor whose account (users row) the person signs in with. */
export interface StaffMembership {
  readonly vendorId: string;
  readonly userVendorId: string;
  readonly userId: string;
  readonly role: StaffRole;
  readonly createdAt: Date;
}

/** A member as the team list shows it. */
export interface TeamMember extends StaffMembership {
  readonly email: string;
  readonly firstName: string | null;
  readonly lastName: string | null;
}

export interface StaffMembershipRepository {
  /** Every vendor the person (the account `userVendorId`/`userId`) is staff of. */
  forUser(userVendorId: string, userId: string): Promise<StaffMembership[]>;
  find(vendorId: string, userId: string): Promise<StaffMembership | null>;
  list(vendorId: string): Promise<TeamMember[]>;
  /** Adds the membership unless the person is a member already; answers what is stored. */
  put(membership: StaffMembership): Promise<StaffMembership>;
  /**
   * Sets the role, or removes the member (`role` null), unless that would
   * leave the vendor without an owner: then 'last_owner'. Atomic against
   * concurrent changes of the same team.
   */
  change(vendorId: string, userId: string, role: StaffRole | null): Promise<'done' | 'not_found' | 'last_owner'>;
}
