import { createHash, randomBytes } from 'node:crypto';
import {
  Invitation,
  InvitationRepository,
  InvitationTokens,
  StaffMembership,
  StaffMembershipRepository,
  StaffRole,
  TeamMember,
} from '@kiosk/domain/identity';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';

interface MembershipRecord {
  vendor_id: string;
  user_vendor_id: string;
  user_id: string;
  role: StaffRole;
  created_at: Date;
}

const toMembership = (r: MembershipRecord): StaffMembership => ({
  vendorId: r.vendor_id,
  userVendorId: r.user_vendor_id,
  userId: r.user_id,
  role: r.role,
  createdAt: new Date(r.created_at),
});

/** The team of every vendor in `staff_memberships` (docs/team-and-staff.md). */
export class SqlStaffMemberships implements StaffMembershipRepository {
  constructor(private readonly db: DataSource) {}

  async forUser(userVendorId: string, userId: string): Promise<StaffMembership[]> {
    const rows = await sqlRows<MembershipRecord>(
      managerOf(this.db),
      `SELECT * FROM staff_memberships WHERE user_vendor_id = $1 AND user_id = $2 ORDER BY vendor_id`,
      [userVendorId, userId],
    );
    return rows.map(toMembership);
  }

  async find(vendorId: string, userId: string): Promise<StaffMembership | null> {
    const rows = await sqlRows<MembershipRecord>(
      managerOf(this.db),
      `SELECT * FROM staff_memberships WHERE vendor_id = $1 AND user_id = $2`,
      [vendorId, userId],
    );
    return rows[0] ? toMembership(rows[0]) : null;
  }

  async list(vendorId: string): Promise<TeamMember[]> {
    const rows = await sqlRows<MembershipRecord & { email: string; first_name: string | null; last_name: string | null }>(
      managerOf(this.db),
      `SELECT m.*, u.email, u.first_name, u.last_name
         FROM staff_memberships m JOIN users u ON u.vendor_id = m.user_vendor_id AND u.id = m.user_id
        WHERE m.vendor_id = $1
        ORDER BY m.created_at, m.user_id`,
      [vendorId],
    );
    return rows.map((r) => ({ ...toMembership(r), email: r.email, firstName: r.first_name, lastName: r.last_name }));
  }

  async put(m: StaffMembership): Promise<StaffMembership> {
    await sqlRows(
      managerOf(this.db),
      `INSERT INTO staff_memberships (vendor_id, user_id, user_vendor_id, role, created_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (vendor_id, user_id) DO NOTHING`,
      [m.vendorId, m.userId, m.userVendorId, m.role, m.createdAt],
    );
    return (await this.find(m.vendorId, m.userId))!;
  }

  async change(vendorId: string, userId: string, role: StaffRole | null): Promise<'done' | 'not_found' | 'last_owner'> {
    return inTransaction(this.db, async (tx) => {
      // Lock the vendor's owners first: two owners demoting each other at once cannot both succeed.
      const owners = await sqlRows<{ user_id: string }>(
        tx,
        `SELECT user_id FROM staff_memberships WHERE vendor_id = $1 AND role = 'owner' ORDER BY user_id FOR UPDATE`,
        [vendorId],
      );
      const [current] = await sqlRows<{ role: StaffRole }>(
        tx,
        `SELECT role FROM staff_memberships WHERE vendor_id = $1 AND user_id = $2 FOR UPDATE`,
        [vendorId, userId],
      );
      if (!current) return 'not_found';
      if (current.role === 'owner' && role !== 'owner' && owners.length <= 1) return 'last_owner';
      if (role === null) {
        await sqlRows(tx, `DELETE FROM staff_memberships WHERE vendor_id = $1 AND user_id = $2`, [vendorId, userId]);
      } else {
        await sqlRows(tx, `UPDATE staff_memberships SET role = $3 WHERE vendor_id = $1 AND user_id = $2`, [vendorId, userId, role]);
      }
      return 'done';
    });
  }
}

interface InvitationRecord {
  id: string;
  vendor_id: string;
  email: string;
  role: StaffRole;
  invited_by: string;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  accepted_by: string | null;
  revoked_at: Date | null;
}

const date = (d: Date | null) => (d ? new Date(d) : null);

const toInvitation = (r: InvitationRecord): Invitation => ({
  id: r.id,
  vendorId: r.vendor_id,
  email: r.email,
  role: r.role,
  invitedBy: r.invited_by,
  createdAt: new Date(r.created_at),
  expiresAt: new Date(r.expires_at),
  acceptedAt: date(r.accepted_at),
  acceptedBy: r.accepted_by,
  revokedAt: date(r.revoked_at),
});

const COLUMNS = 'id, vendor_id, email, role, invited_by, created_at, expires_at, accepted_at, accepted_by, revoked_at';

export class SqlInvitations implements InvitationRepository {
  constructor(private readonly db: DataSource) {}

  async add(i: Invitation, tokenHash: string): Promise<void> {
    await sqlRows(
      managerOf(this.db),
      `INSERT INTO staff_invitations (id, vendor_id, email, role, token_hash, invited_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [i.id, i.vendorId, i.email, i.role, tokenHash, i.invitedBy, i.createdAt, i.expiresAt],
    );
  }

  async listOpen(vendorId: string): Promise<Invitation[]> {
    const rows = await sqlRows<InvitationRecord>(
      managerOf(this.db),
      `SELECT ${COLUMNS} FROM staff_invitations
        WHERE vendor_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL
        ORDER BY created_at DESC, id DESC LIMIT 500`,
      [vendorId],
    );
    return rows.map(toInvitation);
  }

  async find(vendorId: string, id: string): Promise<Invitation | null> {
    const rows = await sqlRows<InvitationRecord>(
      managerOf(this.db),
      `SELECT ${COLUMNS} FROM staff_invitations WHERE vendor_id = $1 AND id = $2`,
      [vendorId, id],
    );
    return rows[0] ? toInvitation(rows[0]) : null;
  }

  async findByTokenHash(tokenHash: string): Promise<Invitation | null> {
    const rows = await sqlRows<InvitationRecord>(
      managerOf(this.db),
      `SELECT ${COLUMNS} FROM staff_invitations WHERE token_hash = $1`,
      [tokenHash],
    );
    return rows[0] ? toInvitation(rows[0]) : null;
  }

  async revoke(vendorId: string, id: string, at: Date): Promise<boolean> {
    const rows = await sqlRows<{ id: string }>(
      managerOf(this.db),
      `UPDATE staff_invitations SET revoked_at = $3
        WHERE vendor_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING id`,
      [vendorId, id, at],
    );
    return rows.length > 0;
  }

  async accept(id: string, userId: string, at: Date): Promise<boolean> {
    const rows = await sqlRows<{ id: string }>(
      managerOf(this.db),
      `UPDATE staff_invitations SET accepted_at = $3, accepted_by = $2
        WHERE id = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $3 RETURNING id`,
      [id, userId, at],
    );
    return rows.length > 0;
  }
}

/** 256-bit random tokens in the link; the table keeps only their SHA-256. */
export class RandomInvitationTokens implements InvitationTokens {
  generate(): string {
    return randomBytes(32).toString('base64url');
  }

  hash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('base64url');
  }
}
