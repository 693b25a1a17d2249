import { User } from '@kiosk/domain/identity';

/** A `users` row as plain SQL answers it (the statements that skip TypeORM's entity mapping). */
export interface UserRecord {
  vendor_id: string;
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  created_at: Date;
}

/** The columns of a `UserRecord`, in one place for every statement that reads one. */
export const USER_COLUMNS = 'vendor_id, id, email, first_name, last_name, created_at';

export const toUser = (r: UserRecord): User => ({
  id: r.id,
  vendorId: r.vendor_id,
  email: r.email,
  firstName: r.first_name,
  lastName: r.last_name,
  createdAt: new Date(r.created_at),
});
