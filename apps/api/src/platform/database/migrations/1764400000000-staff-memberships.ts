import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Staff membership (docs/team-and-staff.md): the `users.staff` flag becomes
 * a role in a vendor's team (every staff user so far becomes an `owner` of
 * its own vendor), and owners invite people by e-mail.
 */
export class StaffMemberships1764400000000 implements MigrationInterface {
  name = 'StaffMemberships1764400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE staff_memberships (
        vendor_id text NOT NULL REFERENCES vendors(id),
        user_id text NOT NULL,
        user_vendor_id text NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, user_id),
        FOREIGN KEY (user_vendor_id, user_id) REFERENCES users(vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX staff_memberships_by_user ON staff_memberships (user_vendor_id, user_id)`);
    await db.query(`
      INSERT INTO staff_memberships (vendor_id, user_id, user_vendor_id, role, created_at)
      SELECT vendor_id, id, vendor_id, 'owner', created_at FROM users WHERE staff`);
    await db.query(`ALTER TABLE users DROP COLUMN staff`);
    await db.query(`
      CREATE TABLE staff_invitations (
        id text PRIMARY KEY,
        vendor_id text NOT NULL REFERENCES vendors(id),
        email text NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'admin', 'editor', 'viewer')),
        token_hash text NOT NULL UNIQUE,
        invited_by text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        accepted_at timestamptz,
        accepted_by text,
        revoked_at timestamptz
      )`);
    await db.query(`CREATE INDEX staff_invitations_open ON staff_invitations (vendor_id, created_at DESC) WHERE accepted_at IS NULL AND revoked_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE staff_invitations`);
    await db.query(`ALTER TABLE users ADD COLUMN staff boolean NOT NULL DEFAULT false`);
    await db.query(`UPDATE users u SET staff = true FROM staff_memberships m WHERE m.user_vendor_id = u.vendor_id AND m.user_id = u.id AND m.vendor_id = u.vendor_id`);
    await db.query(`DROP TABLE staff_memberships`);
  }
}
